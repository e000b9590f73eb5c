/** What every email template is made with: escaping and the frame (no SES here, so templates test without it). */

/** Escape text for an HTML email body. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The frame of every transactional email. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#333131">
<h2 style="margin:0 0 16px">${escapeHtml(title)}</h2>${bodyHtml}
<p style="color:#888;font-size:12px;margin-top:24px">Retailer Audit Dashboard</p></body></html>`;
}

/** A rendered email: what `sendEmail` needs besides the recipients. */
export interface EmailContent {
  subject: string;
  html: string;
}
