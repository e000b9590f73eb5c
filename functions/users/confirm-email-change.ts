/**
 * POST /users/emailChange/confirm (issue 36): the link My Account's email change sent to the new
 * address, opened signed in as the account that asked. The token is taken once (only by its own
 * account, before its expiry at the request's time); the account must still have the address the
 * change was asked from. The email then moves as any email edit does (the EMAIL# reservation of
 * the new address only if free: 409 otherwise) and every session ends but this one's new token.
 */
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/users';
import { requestTime, takeEmailChange } from '../auth';
import { getBrand } from '../brands';
import { HttpError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { hashLinkToken } from '../lib/password';
import { freshSession } from './fresh-session';
import { toPublicUser } from './present';
import { editUser, getUser } from './users.repo';

export const handler = httpHandler(route('confirmEmailChange'), async ({ body, auth, event }) => {
  const change = await takeEmailChange(hashLinkToken(body.token), auth.sub, requestTime(event));
  if (!change) throw new HttpError(410, USER_MSG.emailChangeInvalid, 'LINK_EXPIRED');
  const user = await getUser(auth.sub);
  if (!user || user.email.toLowerCase() !== change.oldEmail.toLowerCase()) throw new HttpError(410, USER_MSG.emailChangeInvalid, 'LINK_EXPIRED');
  const now = await editUser(user, { email: change.newEmail });
  return { message: USER_MSG.emailChanged, user: toPublicUser(now, now.brand ? await getBrand(now.brand) : undefined), ...(await freshSession(user, now, auth.session?.mfa === true)) };
});
