import { route } from '../../shared/routes/notifications';
import { httpHandler } from '../lib/http/handler';
import { listNotifications } from './notifications.repo';

/** Newest first, with the unseen count for the admin home badge. */
export const handler = httpHandler(route('listNotifications'), async ({ query }) => listNotifications(query.page, query.limit));
