import { route } from '../../shared/routes/notifications';
import { httpHandler } from '../http';
import { getNotificationCounts, pageNotifications } from './notifications.repo';

/** Newest first, one page (a cursor walks them), with the counts kept on write (unseenCount: the admin home badge). */
export const handler = httpHandler(route('listNotifications'), async ({ query }) => {
  const skip = query.cursor ? 0 : (query.page - 1) * query.limit;
  const [page, counts] = await Promise.all([pageNotifications({ limit: query.limit, cursor: query.cursor, skip }), getNotificationCounts()]);
  return { data: page.items, totalCount: counts.total, unseenCount: counts.unseen, nextCursor: page.nextCursor ?? null };
});
