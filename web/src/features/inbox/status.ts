/** How the Inbox shows a message's status (000 §3: active or inactive, shown as 'in active') and whether its text is empty. */
import type { CannedStatus } from '@shared/schemas/contact';

export const STATUS_LABEL: Record<CannedStatus, string> = { active: 'active', inactive: 'in active' };

/** Whether the editor's HTML has any text or image (Quill's empty editor is `<p><br></p>`). */
export function hasText(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim().length > 0;
}

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
