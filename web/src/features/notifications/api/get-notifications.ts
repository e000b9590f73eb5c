/** GET /notifications?page&limit (001 §7): newest first, with the unseen count. */
import useSWR, { mutate } from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { createPageCursors } from '../../../lib/page-cursors';

/** One page of notifications, the unseen count, and where the next page starts (`nextCursor`). */
export type NotificationsPage = ResponseOf<'listNotifications'>;
/** A notification: its `message` is HTML made by the server, sanitised before it is shown. */
export type AppNotification = NotificationsPage['data'][number];

export const NOTIFICATIONS_KEY = 'notifications';

const cursors = createPageCursors();

export async function getNotifications(page: number, limit: number): Promise<NotificationsPage> {
  const cursor = cursors.cursorFor(String(limit), page);
  const out = await api('listNotifications', { query: { page, limit, ...(cursor ? { cursor } : {}) } });
  cursors.remember(String(limit), page, out.nextCursor);
  return out;
}

export function useNotifications(page: number, limit: number) {
  return useSWR([NOTIFICATIONS_KEY, page, limit] as const, ([, p, l]) => getNotifications(p, l), { keepPreviousData: true });
}

/** Reload every page of notifications (and the unseen count of the admin home). */
export function revalidateNotifications(): Promise<unknown> {
  cursors.clear();
  return mutate((key) => Array.isArray(key) && key[0] === NOTIFICATIONS_KEY);
}

/** The title part of a 'prefix:title' subject. */
export function subjectTitle(subject: string): string {
  const i = subject.indexOf(':');
  return i < 0 ? subject : subject.slice(i + 1).trim();
}
