import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { sendEmail } from '../lib/email';
import { resetPasswordEmail } from '../lib/email/accounts';
import { httpHandler } from '../http';
import { HttpError } from '../lib/http/errors';
import { passwordRefusal } from '../sso';
import { getUserByEmail } from '../users';
import { createLink } from './links';
import { limitAddress } from './throttle';

/**
 * Answers the same whether or not the account exists, so addresses cannot be probed. A domain
 * whose brand made single sign-on mandatory has no password to reset (told by the domain alone).
 */
export const handler = httpHandler(route('forgotPassword'), async ({ body, event }) => {
  await limitAddress(event);
  const ssoOnly = await passwordRefusal(body.email.toLowerCase());
  if (ssoOnly) throw new HttpError(403, ssoOnly, 'SSO_REQUIRED');
  const user = await getUserByEmail(body.email);
  if (user && user.status === 'active') {
    const link = await createLink(user._id, 'reset');
    await sendEmail({ to: [user.email], ...resetPasswordEmail({ name: user.firstname || body.userName, link }) });
  }
  return { message: MSG.checkEmail };
});
