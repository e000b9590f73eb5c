import { MSG } from '../../shared/messages';
import { SSO_MSG } from '../../shared/messages/sso';
import { route } from '../../shared/routes/accounts';
import { sendEmail } from '../lib/email';
import { resetPasswordEmail } from '../lib/email/accounts';
import { httpHandler } from '../http';
import { HttpError } from '../lib/http/errors';
import { heldBySso, mandatorySso } from '../sso';
import { getUserByEmail } from '../users';
import { createLink } from './links';
import { limitAddress } from './throttle';

/**
 * Answers the same whether or not the account exists, so addresses cannot be probed. A domain
 * whose brand made single sign-on mandatory answers 403 SSO_REQUIRED to every caller alike (told
 * by the domain alone, as POST /login/method tells it): the brand's own people get no link, and an
 * account that single sign-on spares (a site admin's, another brand's: issue 36) gets its link by
 * email all the same, so only the mailbox learns that the account exists.
 */
export const handler = httpHandler(route('forgotPassword'), async ({ body, event }) => {
  await limitAddress(event);
  const sso = await mandatorySso(body.email.toLowerCase());
  const user = await getUserByEmail(body.email);
  if (user && user.status === 'active' && !(sso && heldBySso(sso, user))) {
    const link = await createLink(user._id, 'reset');
    await sendEmail({ to: [user.email], ...resetPasswordEmail({ name: user.firstname || body.userName, link }) });
  }
  if (sso) throw new HttpError(403, SSO_MSG.resetRefused(sso.label), 'SSO_REQUIRED');
  return { message: MSG.checkEmail };
});
