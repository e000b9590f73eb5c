/** POST /logout (ours, not the spec's): ends every session of the caller on the server. */
import { route } from '../../../../../shared/routes';
import { apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/**
 * Best effort, never awaited: a failure (offline, session already ended) must not hold the logout
 * up; the browser forgets the session anyway. Call it BEFORE clearing the stored session:
 * `apiRequest` reads the token synchronously, when called.
 */
export function endServerSessions(): void {
  if (!getSession()) return;
  apiRequest('POST', route('logout').path).catch(() => undefined);
}
