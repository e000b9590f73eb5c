/**
 * A complete, active user record for tests that write accounts of their own through the users
 * repo (the demo accounts are shared by every file of the run): Maison Aurelle's plain User with
 * no assigned retailer unless `over` says otherwise.
 */
import type { UserRecord } from '../../functions/users/users.repo';
import type { LoginResponse } from '../../shared/types';
import { authenticator, type Authenticator } from './totp';

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
 * Turns two-step sign-in on for the session's user through the real calls (setup, then its first
 * code), as an ADMIN must before anything else (issue 26): the same session is then whole. Answers
 * the user's authenticator app, past the code used.
 */
export async function turnOnTotp(token: string): Promise<Authenticator> {
  const { callRoute } = await import('./api');
  const setup = await callRoute('setupTotp', { token });
  if (setup.status !== 200) throw new Error(`setupTotp: ${setup.status} ${JSON.stringify(setup.body)}`);
  const app = authenticator(setup.body.secret);
  const confirmed = await callRoute('confirmTotp', { token, body: { code: await app.next() } });
  if (confirmed.status !== 200) throw new Error(`confirmTotp: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return app;
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
  for (const [k, s] of entries) {
    tokens[k] = await login(s.email, password);
    // An ADMIN's session opens only its second factor's setup until it has one (issue 26).
    if (s.role === 'ADMIN') await turnOnTotp(tokens[k]);
  }
  for (const [, s] of entries) if (s.gone) await deleteUser(s._id);
  return tokens;
}

/**
 * A new ADMIN of no brand with two-step sign-in on, through the real calls (an admin's session opens
 * only the setup until then: issue 26): its address, password, session and authenticator app, for
 * the tests that sign an admin in through the login page (the demo admin's codes are the run's
 * setup's: test/setup/demo-admin.ts). It points the test's environment at the local stack.
 */
export async function adminWithTotp(tag: string, password = 'Admin-Totp-2031!'): Promise<{ email: string; password: string; session: LoginResponse; app: Authenticator }> {
  const { randomBytes } = await import('node:crypto');
  const { stack } = await import('./api');
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const { callRoute } = await import('./api');
  const id = `${tag}-${randomBytes(4).toString('hex')}`;
  const email = `${id}@demo.test`;
  await createUser(testUser({ _id: `user-${id}`, email, passwordHash: await hashPassword(password), brand: null, roles: [TEST_ROLES.ADMIN] }));
  const res = await callRoute('login', { body: { email, password } });
  if (res.status !== 200 || !('token' in res.body)) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const { secondFactorRequired: _restricted, ...session } = res.body;
  const app = await turnOnTotp(session.token);
  return { email, password, session, app };
}
