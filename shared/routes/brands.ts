/** The brand's own settings (000 §2 Brand tab, §7; 001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { brandIdPath } from '../schemas/brands';
import { updateBrandBody } from '../schemas/brand-settings';
import { r, routeIn, type RouteDef } from './define';

export const brandRoutes = [
  // BRAND_ADMIN of that brand (the wrapper's tenant rule) or ADMIN; a User is refused (403).
  r({ id: 'updateBrand', method: 'PUT', path: '/brands/{brandId}', handler: 'functions/brands/update.ts', access: 'brandAdmin', grants: ['table:read', 'table:write'], tenant: { path: 'brandId' }, params: brandIdPath, body: updateBrandBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(brandRoutes);
