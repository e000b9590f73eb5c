import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { httpHandler } from '../http';
import { endAllSessions } from '../users';

/** 'Log out of all devices' (Settings › My Account): every session of the caller ends, this one too (the user's session version moves on). */
export const handler = httpHandler(route('logoutAll'), async ({ auth }) => {
  await endAllSessions(auth.sub);
  return { message: MSG.loggedOutEverywhere };
});
