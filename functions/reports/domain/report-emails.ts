/** The scheduled report emails (docs/reports.md "Scheduled reports"): the monthly report's link and the daily/weekly digests. */
import type { RetailerDigest } from './digest';
import { escapeHtml, layout, type EmailContent } from '../../lib/email/html';

/** The monthly report: a 7-day link to the brand's report of the month (only the recipient's retailers when assigned). */
export function monthlyReportEmail(v: { firstName: string; brand: string; month: string; link: string; retailers: number; all: boolean }): EmailContent {
  const scope = v.all ? `all ${v.retailers} retailer${v.retailers === 1 ? '' : 's'} of ${escapeHtml(v.brand)}` : `your ${v.retailers} assigned retailer${v.retailers === 1 ? '' : 's'}`;
  return {
    subject: `${v.brand} monthly report: ${v.month}`,
    html: layout(
      `Monthly report: ${v.month}`,
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>The ${escapeHtml(v.brand)} report of ${escapeHtml(v.month)} is ready: one row for each of ${scope}, with its scans, products, flags and on-hand coverage.</p>
<p><a href="${escapeHtml(v.link)}">Download the report (xlsx)</a></p>
<p style="color:#888">The link expires in 7 days. You receive this report because your email frequency is Monthly (Settings › My Account).</p>`,
    ),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One retailer's lines of a digest. */
function section(d: RetailerDigest & { name: string }): string {
  const lines: string[] = [];
  if (d.filesApproved) lines.push(`${plural(d.filesApproved, 'file')} approved${d.scans.length ? ` (scan${d.scans.length === 1 ? '' : 's'} of ${d.scans.map(escapeHtml).join(', ')})` : ''}`);
  if (d.productsAdded || d.productsRemoved) lines.push(`${plural(d.productsAdded, 'product')} added, ${d.productsRemoved} removed${d.productsUpdated ? `, ${d.productsUpdated} updated` : ''}`);
  if (d.newFlags) lines.push(`${plural(d.newFlags, 'new flag')}`);
  if (d.priceIssues) lines.push(`${plural(d.priceIssues, 'price issue')} (flagged for Price)`);
  if (d.flagsRemoved) lines.push(`${plural(d.flagsRemoved, 'flag')} removed`);
  const flagged = d.flagged.length
    ? `<ul>${d.flagged.map((f) => `<li>${escapeHtml(f.name || f.style_number || 'Product')}${f.style_number && f.name ? ` (${escapeHtml(f.style_number)})` : ''}${f.price ? ' – Price' : ''}</li>`).join('')}</ul>`
    : '';
  return `<h3 style="margin:16px 0 4px">${escapeHtml(d.name)}</h3><ul>${lines.map((l) => `<li>${l}</li>`).join('')}</ul>${flagged}`;
}

/** A daily or weekly digest: what changed at the recipient's retailers in the window. */
export function digestEmail(v: { firstName: string; brand: string; frequency: 'Daily' | 'Weekly'; window: string; sections: (RetailerDigest & { name: string })[]; appUrl: string }): EmailContent {
  const kind = v.frequency === 'Daily' ? 'daily' : 'weekly';
  return {
    subject: `${v.brand} ${kind} digest: ${v.window}`,
    html: layout(
      `What changed: ${v.window}`,
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>What changed at ${plural(v.sections.length, 'retailer')} you follow for ${escapeHtml(v.brand)}:</p>
${v.sections.map(section).join('\n')}
<p><a href="${escapeHtml(`${v.appUrl}/dashboard/summary`)}">Open the dashboard</a></p>
<p style="color:#888">You receive this digest because your email frequency is ${v.frequency} (Settings › My Account).</p>`,
    ),
  };
}
