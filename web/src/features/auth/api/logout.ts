/**
 * POST /logout (ours, not the spec's): ends this session on the server (the account's other
 * sessions go on); POST /logout/all ends them all (Settings › My Account).
 *
 * The API client (with the route table and zod) is imported here on demand: /login, which runs
 * this on `?session=logout`, draws without it (the login budget, bench/README.md).
 */
import { getSession } from '../../../lib/session';

/**
 * Best effort, never awaited: a failure (offline, session already ended) must not hold the logout
 * up; the browser forgets the session anyway. Call it BEFORE clearing the stored session: the
 * token is read when called and sent once the client has loaded.
 */
export function endServerSessions(): void {
  const token = getSession()?.token;
  if (!token) return;
  import('../../../lib/api-client')
    .then(({ api }) => api('logout', { token }))
    .catch(() => undefined);
}

/** POST /logout/all ('Log out of all devices'): every session of the account ends, this one included. Answers the server's message. */
export async function endAllServerSessions(): Promise<string> {
  const { api } = await import('../../../lib/api-client');
  return (await api('logoutAll')).message;
}
