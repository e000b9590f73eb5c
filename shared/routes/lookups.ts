/** Look-ups: roles, brands, retailers, users: this resource's part of the route table (shared/routes.ts aggregates it). */
import { listBrandsQuery } from '../schemas/brands';
import { listRetailersQuery } from '../schemas/retailers';
import { listUsersQuery } from '../schemas/users';
import { r, routeIn, type RouteDef } from './define';

export const lookupRoutes = [
  r({ id: 'listRoles', method: 'GET', path: '/roles', handler: 'functions/roles/list.ts', access: 'user', grants: ['table:read'] }),
  r({ id: 'listBrands', method: 'GET', path: '/brands', handler: 'functions/brands/list.ts', access: 'admin', grants: ['table:read'], query: listBrandsQuery }),
  r({ id: 'listBrandsForSelect', method: 'GET', path: '/getBrands', handler: 'functions/brands/list-for-select.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'listRetailers', method: 'GET', path: '/retailers', handler: 'functions/retailers/list.ts', access: 'admin', grants: ['table:read'], query: listRetailersQuery }),
  r({ id: 'listUsers', method: 'GET', path: '/users', handler: 'functions/users/list.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: listUsersQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(lookupRoutes);
