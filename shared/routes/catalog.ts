/** The brand's catalogue (golden record, issue 38; ours): Settings › Catalogue. This resource's part of the route table (shared/routes.ts aggregates it). */
import { catalogBrandPath, catalogProductsQuery, catalogUploadBody } from '../schemas/catalog';
import { r, routeIn, type RouteDef } from './define';

const WHY = 'The brand catalogue (golden record) the content checks compare retailers with (issue 38): the spec has no catalogue.';

export const catalogRoutes = [
  // Uploading replaces the brand's truth: BRAND_ADMIN (or an ADMIN acting as the brand).
  r({ id: 'startCatalogUpload', method: 'POST', path: '/catalog/{brandId}/upload', handler: 'functions/catalog/upload.ts', access: 'brandAdmin', grants: ['table:read', 'data:write'], tenant: { path: 'brandId' }, params: catalogBrandPath, body: catalogUploadBody, notInSpec: WHY }),
  r({ id: 'listCatalogProducts', method: 'GET', path: '/catalog/{brandId}/products', handler: 'functions/catalog/list-products.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: catalogBrandPath, query: catalogProductsQuery, notInSpec: WHY }),
  r({ id: 'listCatalogImports', method: 'GET', path: '/catalog/{brandId}/imports', handler: 'functions/catalog/list-imports.ts', access: 'brandAdmin', grants: ['table:read'], tenant: { path: 'brandId' }, params: catalogBrandPath, notInSpec: WHY }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(catalogRoutes);
