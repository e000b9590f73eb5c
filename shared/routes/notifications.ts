/** Post office: notifications (001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { listNotificationsQuery, notificationIdPath, notificationSeenBody } from '../schemas/post-office';
import { r, routeIn, type RouteDef } from './define';

export const notificationRoutes = [
  r({ id: 'listNotifications', method: 'GET', path: '/notifications', handler: 'functions/notifications/list.ts', access: 'admin', grants: ['table:read'], query: listNotificationsQuery }),
  r({ id: 'updateNotification', method: 'PUT', path: '/notifications/{id}', handler: 'functions/notifications/update.ts', access: 'admin', grants: ['table:read', 'table:write'], params: notificationIdPath, body: notificationSeenBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(notificationRoutes);
