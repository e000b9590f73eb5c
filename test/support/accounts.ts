/**
 * A complete, active user record for tests that write accounts of their own through the users
 * repo (the demo accounts are shared by every file of the run): Maison Aurelle's plain User with
 * no assigned retailer unless `over` says otherwise.
 */
import type { UserRecord } from '../../functions/users/users.repo';

export const TEST_ROLES = {
  User: { _id: 'role-user', name: 'User', label: 'User', value: 'role-user' },
  BRAND_ADMIN: { _id: 'role-brand-admin', name: 'BRAND_ADMIN', label: 'BRAND_ADMIN', value: 'role-brand-admin' },
  ADMIN: { _id: 'role-admin', name: 'ADMIN', label: 'ADMIN', value: 'role-admin' },
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

export interface AccountSpec {
  _id: string;
  email: string;
  /** Default User. */
  role?: keyof typeof TEST_ROLES;
  name?: string;
  associated_retailers?: string[];
  /** Signed in, then deleted: its token is a deleted user's token. */
  gone?: boolean;
  /** The terms still to accept (default: accepted). */
  policyFlag?: boolean;
}

/**
 * Creates one account per spec in `brand` (the password hashed once), signs each in and deletes
 * the `gone` ones after sign-in. Answers each account's token by key. Call it after the test's
 * environment points at the local stack (the users repo reads the table name at import).
 */
export async function signedInAccounts<K extends string>(brand: string, password: string, specs: Record<K, AccountSpec>): Promise<Record<K, string>> {
  const { createUser, deleteUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const { login } = await import('./api');
  const passwordHash = await hashPassword(password);
  const entries = Object.entries(specs) as [K, AccountSpec][];
  for (const [, s] of entries) {
    const { role = 'User', gone: _gone, ...rest } = s;
    await createUser(testUser({ ...rest, passwordHash, brand, roles: [TEST_ROLES[role]] }));
  }
  const tokens = {} as Record<K, string>;
  for (const [k, s] of entries) tokens[k] = await login(s.email, password);
  for (const [, s] of entries) if (s.gone) await deleteUser(s._id);
  return tokens;
}
