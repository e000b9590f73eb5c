/** The admins' alert of a failed delivery: the notification's text and the email (docs/operations.md). */
import { escapeHtml, layout, type EmailContent } from '../lib/email/html';
import { FAILURE_SOURCES, type FailedDelivery } from './domain/failures';

/** `incoming/<type>/<retailer-slug>/<date>/<robot>`: the retailer slug of a robot drop, for the notification's retailer column. */
const slugOf = (subject: string) => /^incoming\/[^/]+\/([^/]+)\//.exec(subject)?.[1];

export function failureAlert(f: Pick<FailedDelivery, 'source' | 'subject' | 'reason' | 'tries'>, link: string): EmailContent & { title: string; message: string; retailer: string } {
  const label = FAILURE_SOURCES[f.source];
  const title = `${label} failed`;
  const what = f.subject.split('\n').map((s) => s.replace(/@[^@]*$/, ''));
  const message = `<p><strong>${escapeHtml(label)}</strong> failed after ${f.tries} ${f.tries === 1 ? 'try' : 'tries'}: ${what.map((w) => `<code>${escapeHtml(w)}</code>`).join(', ')}.</p>
<p>${escapeHtml(f.reason)}</p>
<p>Nothing was lost: it waits under Failed deliveries in the post office, where Retry runs it again. <a href="${escapeHtml(link)}">Open the post office</a></p>`;
  return { title, message, retailer: slugOf(f.subject) ?? label, subject: `[Post office] ${title}: ${what[0] ?? ''}`, html: layout(title, message) };
}
