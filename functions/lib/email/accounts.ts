/** The account emails (000 §5): password reset, account activation, a registration with a taken address. */
import { escapeHtml, layout, type EmailContent } from './html';

/** POST /forgotPassword: the single-use reset link (valid one hour). */
export function resetPasswordEmail(v: { name: string; link: string }): EmailContent {
  return {
    subject: 'Reset your password',
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(v.name)},</p>
<p>Someone asked to reset the password of your account. The link below works once, within the next hour.</p>
<p><a href="${escapeHtml(v.link)}">Reset my password</a></p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`,
    ),
  };
}

/** POST /register: the activation link of the new account (valid 72 hours). */
export function activateAccountEmail(v: { firstName: string; company: string; link: string }): EmailContent {
  return {
    subject: 'Activate your account',
    html: layout(
      'Welcome',
      `<p>Hello ${escapeHtml(v.firstName)},</p><p>Your account for ${escapeHtml(v.company)} is ready. Activate it within 72 hours:</p>
<p><a href="${escapeHtml(v.link)}">Activate my account</a></p>`,
    ),
  };
}

/** POST /register with an address that has an account: told to its owner, never to the caller. */
export function registrationAttemptEmail(v: { firstName: string; appUrl: string }): EmailContent {
  const title = 'Someone tried to register with your address';
  return {
    subject: title,
    html: layout(
      title,
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>Someone tried to create an account with your email address, which already has one. If it was you, <a href="${escapeHtml(`${v.appUrl}/login`)}">log in</a> or <a href="${escapeHtml(`${v.appUrl}/forgot-password`)}">reset your password</a>.</p>
<p>If it was not you, you can ignore this email: nothing was changed.</p>`,
    ),
  };
}
