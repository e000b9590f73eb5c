import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { httpHandler } from '../lib/http/handler';
import { endAllSessions } from '../users/users.repo';

/** Ends every session of the caller (each token carries the session version this bumps). */
export const handler = httpHandler(route('logout'), async ({ auth }) => {
  await endAllSessions(auth.sub);
  return { message: MSG.loggedOut };
});
