/** How the Inbox shows a message's status (000 §3: active or inactive, shown as 'in active') and its excerpt. */
import type { CannedStatus } from '@shared/schemas/contact';

export const STATUS_LABEL: Record<CannedStatus, string> = { active: 'active', inactive: 'in active' };

/** The message as one line of plain text (the table's excerpt). */
export function excerpt(html: string, max = 90): string {
  const text = html
    .replace(/<\/(p|li|h1|h2|h3|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
