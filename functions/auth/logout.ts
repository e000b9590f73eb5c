import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { httpHandler } from '../http';
import { endSession, getSessionUser } from '../users';

/** Ends the caller's session, this one only: the token's session id is revoked until the token expires (the user's other sessions go on). */
export const handler = httpHandler(route('logout'), async ({ auth }) => {
  const user = await getSessionUser(auth.sub);
  if (user && auth.session) await endSession(user, auth.session.id, auth.session.exp);
  return { message: MSG.loggedOut };
});
