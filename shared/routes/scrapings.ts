/** Products of the period, on-hand inventory, summaries (000 §7, 001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { portalProductsQuery } from '../schemas/b2b';
import * as sc from '../schemas/scrapings';
import { r, routeIn, type RouteDef } from './define';

export const scrapingRoutes = [
  // (scrapings block: routes of functions/scrapings and functions/inventory go here)
  // Period, product and on-hand routes carry no brand in the path: the handler checks the record's brand.
  r({ id: 'listProductScrapings', method: 'GET', path: '/retailerBrandProductScrapings', handler: 'functions/scrapings/list-products.ts', access: 'user', grants: ['table:read', 'data:read', 'data:write'], query: sc.listProductScrapingsQuery, portal: { query: portalProductsQuery } }),
  r({ id: 'getProductScraping', method: 'GET', path: '/retailerBrandProductScrapings/{id}', handler: 'functions/scrapings/get-product.ts', access: 'user', grants: ['table:read'], params: sc.productIdPath }),
  r({ id: 'updateProductScraping', method: 'PUT', path: '/retailerBrandProductScrapings/{id}', handler: 'functions/scrapings/update-product.ts', access: 'user', grants: ['table:read', 'table:write'], params: sc.productIdPath, body: sc.updateProductScrapingBody }),
  r({ id: 'updateProductFlag', method: 'PUT', path: '/updateReatilerBrandProductFlag/{id}', handler: 'functions/scrapings/update-product-flag.ts', access: 'user', grants: ['table:read', 'table:write', 'data:read', 'data:write'], params: sc.productIdPath, body: sc.productFlagBody }),
  r({ id: 'updateBrandFlag', method: 'PUT', path: '/updateBrandFlag/{id}', handler: 'functions/scrapings/update-brand-flag.ts', access: 'user', grants: ['table:read', 'table:write', 'data:read', 'data:write'], params: sc.scanInfoIdPath, body: sc.brandFlagBody }),
  r({ id: 'listBrandPeriods', method: 'GET', path: '/RetailerSummaryDays/{brandId}', handler: 'functions/scrapings/list-brand-periods.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath }),
  r({ id: 'listRetailerPeriods', method: 'GET', path: '/RetailerSummaryDays/{brandId}/{retailerId}', handler: 'functions/scrapings/list-retailer-periods.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandRetailerPath, portal: { retailer: { path: 'retailerId' } } }),
  r({ id: 'listRetailerScrapings', method: 'GET', path: '/RetailerScraping/{brandId}', handler: 'functions/scrapings/list-retailer-scrapings.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath, query: sc.retailerScrapingsQuery }),
  r({ id: 'getRetailerScraping', method: 'GET', path: '/RetailerScraping/{brandId}/{id}', handler: 'functions/scrapings/get-retailer-scraping.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandAndIdPath }),
  r({ id: 'getBrandRetailerSummary', method: 'GET', path: '/brandRetailerSummary/{brandId}', handler: 'functions/scrapings/get-brand-summary.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath }),
  r({ id: 'getRelatedProducts', method: 'GET', path: '/getRelatedProducts', handler: 'functions/scrapings/list-related-products.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: sc.relatedProductsQuery }),
  r({ id: 'getBrandSkus', method: 'GET', path: '/getBrandSkus/{brandId}', handler: 'functions/inventory/list-brand-skus.ts', access: 'user', grants: ['table:read', 'data:read', 'data:write'], tenant: { path: 'brandId' }, params: sc.brandSkusPath }),
  r({ id: 'getBatchItems', method: 'GET', path: '/getBatchItems', handler: 'functions/inventory/get-batch-item.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: sc.batchItemQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(scrapingRoutes);
