import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { escapeHtml, layout, sendEmail } from '../lib/email';
import { httpHandler } from '../lib/http/handler';
import { getUserByEmail } from '../users/users.repo';
import { createLink } from './links';
import { limitAddress } from './throttle';

/** Answers the same whether or not the account exists, so addresses cannot be probed. */
export const handler = httpHandler(route('forgotPassword'), async ({ body, event }) => {
  await limitAddress(event);
  const user = await getUserByEmail(body.email);
  if (user && user.status === 'active') {
    const link = await createLink(user._id, 'reset');
    await sendEmail({
      to: [user.email],
      subject: 'Reset your password',
      html: layout(
        'Reset your password',
        `<p>Hello ${escapeHtml(user.firstname || body.userName)},</p>
<p>Someone asked to reset the password of your account. The link below works once, within the next hour.</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`,
      ),
    });
  }
  return { message: MSG.checkEmail };
});
