/** The admin's Permissions look-up (001 §2, §7; ADMIN only): this resource's part of the route table (shared/routes.ts aggregates it). */
import { brandRetailerExportQuery } from '../schemas/permissions';
import { r, routeIn, type RouteDef } from './define';

export const permissionRoutes = [
  r({ id: 'brandRetailerExport', method: 'GET', path: '/BrandRetailerExport', handler: 'functions/brands/brand-retailer-export.ts', access: 'admin', grants: ['table:read', 'table:write', 'data:write'], query: brandRetailerExportQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(permissionRoutes);
