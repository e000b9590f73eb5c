import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { refuseCommonPassword } from '../lib/common-passwords';
import { HttpError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { hashLinkToken, hashPassword } from '../lib/password';
import { passwordRefusal } from '../sso';
import { getUser, updateUserFields } from '../users';
import { deviceCookie } from './device-cookie';
import { consumeLinkToken } from './tokens.repo';

/**
 * Sets a new password from a reset or activation link; the link is spent either way. The link
 * proves the mailbox is the owner's: the browser gets the account's device cookie, so the owner
 * logs in even while strangers' guessing holds unknown browsers (docs/decisions.md "Login throttling").
 */
export const handler = httpHandler(route('resetPassword'), async ({ query, body }) => {
  // Part of the password rule: refused before the link is spent.
  await refuseCommonPassword(body.password);
  const token = await consumeLinkToken(hashLinkToken(query.token));
  if (!token) throw new HttpError(410, MSG.linkExpired, 'LINK_EXPIRED');
  // A deactivated account is not brought back by an old link. The password change ends every session.
  const user = await getUser(token.userId);
  if (!user || user.status === 'disabled') throw new HttpError(410, MSG.linkExpired, 'LINK_EXPIRED');
  // Single sign-on made mandatory since the link was sent: no password for the brand's people of this domain (an invited user signs in with it instead); an admin or another brand's account keeps it.
  const ssoOnly = await passwordRefusal(user.email.toLowerCase(), user);
  if (ssoOnly) throw new HttpError(403, ssoOnly, 'SSO_REQUIRED');
  await updateUserFields(token.userId, { passwordHash: await hashPassword(body.password), status: 'active' });
  return respond(200, { message: MSG.passwordReset }, undefined, [await deviceCookie(user.email.toLowerCase())]);
});
