/** POST /logout (ours, not the spec's): ends every session of the caller on the server. */
import { api } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/**
 * Best effort, never awaited: a failure (offline, session already ended) must not hold the logout
 * up; the browser forgets the session anyway. Call it BEFORE clearing the stored session:
 * `api` reads the token synchronously, when called.
 */
export function endServerSessions(): void {
  if (!getSession()) return;
  api('logout').catch(() => undefined);
}
