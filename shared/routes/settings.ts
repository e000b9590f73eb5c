/** Post office: settings (001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { settingsBody, settingsIdPath } from '../schemas/post-office';
import { r, routeIn, type RouteDef } from './define';

export const settingsRoutes = [
  r({ id: 'getThresholdSettings', method: 'GET', path: '/settings/threshold', handler: 'functions/settings/get.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'updateSettings', method: 'PUT', path: '/settings/{id}', handler: 'functions/settings/update.ts', access: 'admin', grants: ['table:read', 'table:write'], params: settingsIdPath, body: settingsBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(settingsRoutes);
