/**
 * The body of the contact email offered after a basket export (001 §7: "Both go into a prefilled
 * contact email body saying the links expire within 7 days"). Pure: the contact feature prefills
 * its editor with it (the wiring is done where the features meet).
 */
import { EXPORT_LINK_DAYS } from '@shared/constants';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Only http(s) links become anchors (a link is ours, but the body is HTML sent by email). */
const safeHref = (s: string) => (/^https?:\/\//i.test(s) ? escape(s) : '#');

export function basketEmailBody({ excelLink, zipLink }: { excelLink: string; zipLink: string }): string {
  return [
    '<p>Hello,</p>',
    '<p>Please find the items of our basket below:</p>',
    '<ul>',
    `<li>Spreadsheet of the items: <a href="${safeHref(excelLink)}">${escape(excelLink)}</a></li>`,
    `<li>Images of the items (zip): <a href="${safeHref(zipLink)}">${escape(zipLink)}</a></li>`,
    '</ul>',
    `<p>These links expire within ${EXPORT_LINK_DAYS} days.</p>`,
  ].join('');
}
