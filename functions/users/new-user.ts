/**
 * A new account's record, as every way of making one writes it: an admin's POST /users, a brand
 * admin's invitation, a registration, a first sign-in through the brand's SSO, `npm run
 * create-admin` and the demo seed. The defaults of a new account live here once: notifications on,
 * weekly, no BCC, the terms to accept at the first sign-in, the name from its parts.
 */
import type { RoleName } from '../../shared/constants';
import type { RoleRef } from '../../shared/types';
import { newId } from '../lib/table';
import type { UserRecord } from './users.repo';

/** A role as a user record holds it. */
export const roleRef = (role: { _id: string; name: RoleName }): RoleRef => ({ _id: role._id, name: role.name, label: role.name, value: role._id });

export type NewUser = Pick<UserRecord, 'firstname' | 'lastname' | 'email' | 'passwordHash' | 'roles' | 'brand' | 'status'> &
  Partial<Pick<UserRecord, '_id' | 'name' | 'associated_retailers' | 'notify' | 'user_email_bcc' | 'policyFlag'>>;

export function newUserRecord(u: NewUser, now = new Date()): UserRecord {
  const at = now.toISOString();
  return {
    _id: u._id ?? newId(),
    name: u.name ?? `${u.firstname} ${u.lastname}`.trim(),
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    passwordHash: u.passwordHash,
    roles: u.roles,
    brand: u.brand,
    associated_retailers: u.associated_retailers ?? [],
    notify: u.notify ?? true,
    user_email_bcc: u.user_email_bcc ?? '',
    emailFrequency: 'Weekly',
    policyFlag: u.policyFlag ?? true,
    status: u.status,
    createdAt: at,
    updatedAt: at,
  };
}
