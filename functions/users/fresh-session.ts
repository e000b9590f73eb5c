import { AUTH } from '../../shared/constants';
import { signSession } from '../lib/jwt';
import { primaryRole, type UserRecord } from './users.repo';

/** The edit ended the caller's own sessions: a new token for the session that made it. */
export async function freshSession(before: UserRecord, now: UserRecord, mfa: boolean): Promise<{ token?: string; expiresAt?: string }> {
  if ((now.sessionVersion ?? 0) === (before.sessionVersion ?? 0)) return {};
  const token = await signSession({ sub: now._id, role: primaryRole(now), brand: now.brand, retailers: now.associated_retailers, sv: now.sessionVersion ?? 0, ...(mfa ? { mfa: true as const } : {}) });
  return { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString() };
}
