/** The brand dashboard's retailer look-ups (000 §2 summary and top bar, §6, §7; 001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { brandIdPath } from '../schemas/scrapings';
import { assignedRepsQuery, brandCatalogQuery, brandRetailersQuery } from '../schemas/retailer-scrapings';
import { r, routeIn, type RouteDef } from './define';

export const brandRetailerRoutes = [
  // Assigned reps show only to ADMIN and BRAND_ADMIN (000 §6): a User gets 403.
  r({ id: 'getAssignedReps', method: 'GET', path: '/getAssignedReps', handler: 'functions/users/list-assigned-reps.ts', access: 'brandAdmin', grants: ['table:read'], tenant: { query: 'brand' }, query: assignedRepsQuery }),
  r({ id: 'getBrandRetailers', method: 'GET', path: '/getRetailers/{brandId}', handler: 'functions/retailers/list-for-brand.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: brandIdPath, query: brandRetailersQuery }),
  r({
    id: 'getBrandCatalog',
    method: 'GET',
    path: '/brandCatalog/{brandId}',
    handler: 'functions/inventory/list-catalog.ts',
    access: 'user',
    grants: ['table:read'],
    tenant: { path: 'brandId' },
    params: brandIdPath,
    query: brandCatalogQuery,
    notInSpec: 'Manage Catalog (000 §2 /dashboard/products-list): the spec names no call for it; the brand on-hand items, cursor-paged (docs/decisions.md)',
  }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(brandRetailerRoutes);
