/**
 * A complete, active user record for tests that write accounts of their own through the users
 * repo (the demo accounts are shared by every file of the run): Maison Aurelle's plain User with
 * no assigned retailer unless `over` says otherwise.
 */
import type { UserRecord } from '../../functions/users/users.repo';

export const TEST_ROLES = {
  User: { _id: 'role-user', name: 'User', label: 'User', value: 'role-user' },
  BRAND_ADMIN: { _id: 'role-brand-admin', name: 'BRAND_ADMIN', label: 'BRAND_ADMIN', value: 'role-brand-admin' },
} as const;

export function testUser(over: Pick<UserRecord, '_id' | 'email' | 'passwordHash'> & Partial<UserRecord>): UserRecord {
  const now = new Date().toISOString();
  return {
    name: over._id,
    firstname: 'Test',
    lastname: 'User',
    roles: [TEST_ROLES.User],
    brand: 'brand-maison-aurelle',
    associated_retailers: [],
    notify: true,
    user_email_bcc: '',
    emailFrequency: 'Weekly',
    policyFlag: false,
    status: 'active',
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}
