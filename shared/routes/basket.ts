/** The basket (001 §3, §4, §5, §7; 000 §2 'Clear All Baskets'): this resource's part of the route table. */
import * as b from '../schemas/basket';
import { r, routeIn, type RouteDef } from './define';

const SERVER_BASKET = 'The spec keeps the basket in the client; ours is kept on the server per owner (the user, or a B2B portal link: its session owns a basket of its own, `PORTAL#<linkId>`) so it survives a reload and another device (docs/decisions.md "Basket").';

export const basketRoutes = [
  r({ id: 'getBasket', method: 'GET', path: '/basket/{retailerId}', handler: 'functions/basket/list.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, params: b.basketPath, query: b.basketListQuery, portal: { retailer: { path: 'retailerId' } }, notInSpec: `${SERVER_BASKET} One page of 25 and the count kept on write ('{n} Items In Basket').` }),
  r({ id: 'getBasketHas', method: 'GET', path: '/basket/{retailerId}/has', handler: 'functions/basket/has.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, params: b.basketPath, query: b.basketHasQuery, portal: { retailer: { path: 'retailerId' } }, notInSpec: `${SERVER_BASKET} Which serials of an OH tab page are in the basket: the plus icon shows only for the others (001 §4).` }),
  r({ id: 'addBasketItems', method: 'POST', path: '/basket/{retailerId}/items', handler: 'functions/basket/add.ts', access: 'user', grants: ['table:read', 'table:write'], tenant: { query: 'brand' }, params: b.basketPath, query: b.basketBrandQuery, body: b.basketAddBody, portal: { retailer: { path: 'retailerId' } }, notInSpec: `${SERVER_BASKET} Adds one serial (plus icon) or several (Bulk Items Import), each resolved as GET /getBatchItems does.` }),
  r({ id: 'removeBasketItem', method: 'DELETE', path: '/basket/{retailerId}/items/{serialNo}', handler: 'functions/basket/remove.ts', access: 'user', grants: ['table:read', 'table:write'], tenant: { query: 'brand' }, params: b.basketItemPath, query: b.basketBrandQuery, portal: { retailer: { path: 'retailerId' } }, notInSpec: `${SERVER_BASKET} Remove ('Product Removed !').` }),
  r({ id: 'clearBasket', method: 'DELETE', path: '/basket/{retailerId}', handler: 'functions/basket/clear.ts', access: 'user', grants: ['table:read', 'table:write'], tenant: { query: 'brand' }, params: b.basketPath, query: b.basketBrandQuery, portal: { retailer: { path: 'retailerId' } }, notInSpec: `${SERVER_BASKET} Clear ('Baket cleared').` }),
  r({ id: 'clearAllBaskets', method: 'DELETE', path: '/basket', handler: 'functions/basket/clear-all.ts', access: 'user', grants: ['table:read', 'table:write'], notInSpec: `${SERVER_BASKET} The side menu's 'Clear All Baskets' (000 §2): every basket of the caller.` }),
  r({ id: 'exportBucketData', method: 'POST', path: '/exportBucketData', handler: 'functions/basket/export.ts', access: 'user', grants: ['table:read', 'table:write', 'data:write'], tenant: { query: 'brand' }, query: b.basketBrandQuery, body: b.exportBasketBody, appLinks: true }),
  r({ id: 'getBasketExport', method: 'GET', path: '/exportBucketData/{jobId}', handler: 'functions/basket/export-status.ts', access: 'user', grants: ['table:read'], params: b.exportJobPath, notInSpec: 'The basket export is built in the background (a 1,000-item basket takes longer than the API allows): its progress and, once done, s3ExcelLink and s3ZipLink (docs/basket.md).', appLinks: true }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(basketRoutes);
