/** The admin Retailer List's writes (001 §2, §7; ADMIN only): this resource's part of the route table (shared/routes.ts aggregates it). GET /retailers is in lookups.ts. */
import * as rs from '../schemas/retailers';
import { r, routeIn, type RouteDef } from './define';

export const retailerRoutes = [
  r({ id: 'createRetailer', method: 'POST', path: '/retailers', handler: 'functions/retailers/create.ts', access: 'admin', grants: ['table:read', 'table:write'], body: rs.retailerBody, query: rs.noQuery }),
  r({ id: 'updateRetailer', method: 'PUT', path: '/retailers/{id}', handler: 'functions/retailers/update.ts', access: 'admin', grants: ['table:read', 'table:write'], params: rs.retailerIdPath, body: rs.retailerBody, query: rs.noQuery }),
  r({ id: 'deleteRetailer', method: 'DELETE', path: '/retailers/{id}', handler: 'functions/retailers/delete.ts', access: 'admin', grants: ['table:read', 'table:write'], params: rs.retailerIdPath, query: rs.noQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(retailerRoutes);
