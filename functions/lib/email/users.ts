/** The emails of the Users tab (000 §7 registerAndNotify, removeAndNotify; the 'notify user' of an edit). */
import { escapeHtml, layout, type EmailContent } from './html';

/** POST /registerAndNotify: a brand admin added the user; the activation link sets their password (valid 72 hours). */
export function userAddedEmail(v: { firstName: string; brand: string; addedBy: string; link: string }): EmailContent {
  return {
    subject: `You have been added to ${v.brand}`,
    html: layout(
      'Welcome',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>${escapeHtml(v.addedBy)} added you to the ${escapeHtml(v.brand)} team on the Retailer Audit Dashboard. Choose your password and activate your account within 72 hours:</p>
<p><a href="${escapeHtml(v.link)}">Activate my account</a></p>
<p>If you did not expect this, ignore this email: the account stays inactive.</p>`,
    ),
  };
}

/** PUT /users/{id} with 'notify user' ticked: what the account is now. */
export function userUpdatedEmail(v: { firstName: string; brand: string; role: string; retailers: string[]; appUrl: string }): EmailContent {
  const retailers = v.retailers.length ? v.retailers.map(escapeHtml).join(', ') : 'All';
  return {
    subject: `Your ${v.brand} account was updated`,
    html: layout(
      'Your account was updated',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>An administrator of ${escapeHtml(v.brand)} updated your account.</p>
<p>Role: ${escapeHtml(v.role)}<br>Assigned retailers: ${retailers}</p>
<p><a href="${escapeHtml(`${v.appUrl}/login`)}">Log in</a></p>`,
    ),
  };
}

/** DELETE /removeAndNotify/{id}: the account is gone (its sessions ended). */
export function userRemovedEmail(v: { firstName: string; brand: string }): EmailContent {
  return {
    subject: `Your ${v.brand} account was removed`,
    html: layout(
      'Your account was removed',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>An administrator of ${escapeHtml(v.brand)} removed your account from the Retailer Audit Dashboard. You can no longer log in with it.</p>
<p>If you think this is a mistake, contact your brand's administrator.</p>`,
    ),
  };
}

/** PUT /users/{id} (My Account) with a new email: the link that makes it the account's (issue 36), to the new address. */
export function emailChangeLinkEmail(v: { firstName: string; oldEmail: string; link: string; hours: number }): EmailContent {
  return {
    subject: 'Confirm your new email address',
    html: layout(
      'Confirm your new email address',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>The Retailer Audit Dashboard account of ${escapeHtml(v.oldEmail)} asked to use this address from now on. Open the link below within ${v.hours} hours, signed in to that account, to confirm it:</p>
<p><a href="${escapeHtml(v.link)}">Confirm my new email address</a></p>
<p>If you did not ask for it, ignore this email: nothing changes, and this address stays free.</p>`,
    ),
  };
}

/** The same change, told to the address the account has now (issue 36). */
export function emailChangeNoticeEmail(v: { firstName: string; newEmail: string; appUrl: string }): EmailContent {
  return {
    subject: 'A change of your email address was asked for',
    html: layout(
      'A change of your email address was asked for',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>Your account asked to use ${escapeHtml(v.newEmail)} as its email address. It changes only once the link sent to that address is opened; until then, this address stays the account's.</p>
<p>If it was not you, <a href="${escapeHtml(`${v.appUrl}/login`)}">log in</a> and change your password.</p>`,
    ),
  };
}
