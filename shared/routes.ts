/**
 * The route table: every HTTP call of the product, once. Read by infra (one API Gateway route and
 * one Lambda each), by the local server (same handler modules, same paths), by the security
 * suite (walks every non-public route) and by the web client's URL builders.
 * Paths are the spec's (the calls listed in `docs/api-calls.tsv`), served under `/api`.
 */
import type { ZodType } from 'zod';
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, tokenQuery } from './schemas/auth';
import { fileDataQuery, fileIdBody, fileIdPath, fileIdQuery, listFilesQuery, listNotificationsQuery, notificationIdPath, notificationSeenBody, settingsBody, settingsIdPath } from './schemas/post-office';
import { listUsersQuery, updatePolicyBody, userIdPath } from './schemas/users';
import * as sc from './schemas/scrapings';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: `user` is any signed-in account; `brandAdmin` is BRAND_ADMIN or ADMIN. */
export type Access = 'public' | 'user' | 'brandAdmin' | 'admin';
/** What a handler touches; infra turns each into a least-privilege grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'data:read'
  | 'data:write'
  | 'email:send'
  | 'workflow:start';

export interface RouteDef {
  /** Unique, stable name: the Lambda's logical id and the web client's key. */
  id: string;
  method: Method;
  /** API Gateway path syntax, `{param}` segments. */
  path: string;
  /** Handler module, relative to the repository root, exporting `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  /** Where the brand of the request is, for the tenant check (non-ADMIN callers: must be theirs). */
  tenant?: { path?: string; query?: string };
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  /** Why a route the spec does not name exists (the route-table test requires it). */
  notInSpec?: string;
  /** The request body is multipart/form-data. */
  multipart?: boolean;
}

const r = <const T extends RouteDef>(def: T): T => def;

export const routes = [
  // ── Auth and accounts (000 §7) ───────────────────────────────────────────────
  r({ id: 'login', method: 'POST', path: '/login', handler: 'functions/auth/login.ts', access: 'public', grants: ['table:read', 'table:write'], body: loginBody }),
  r({ id: 'forgotPassword', method: 'POST', path: '/forgotPassword', handler: 'functions/auth/forgot-password.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], body: forgotPasswordBody }),
  r({ id: 'validateToken', method: 'GET', path: '/validateToken', handler: 'functions/auth/validate-token.ts', access: 'public', grants: ['table:read'], query: tokenQuery }),
  r({ id: 'resetPassword', method: 'POST', path: '/resetPassword', handler: 'functions/auth/reset-password.ts', access: 'public', grants: ['table:read', 'table:write'], query: tokenQuery, body: resetPasswordBody }),
  r({ id: 'register', method: 'POST', path: '/register', handler: 'functions/auth/register.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], body: registerBody }),
  r({ id: 'logout', method: 'POST', path: '/logout', handler: 'functions/auth/logout.ts', access: 'user', grants: ['table:read', 'table:write'], notInSpec: 'The spec logs out in the browser only; this ends every session of the caller on the server too (issue 6 §5), so a token copied before logout stops working.' }),
  r({ id: 'updateUserPolicy', method: 'PUT', path: '/updateUserPolicy/{userId}', handler: 'functions/users/update-policy.ts', access: 'user', grants: ['table:read', 'table:write'], params: userIdPath, body: updatePolicyBody }),

  // ── Look-ups ─────────────────────────────────────────────────────────────────
  r({ id: 'listRoles', method: 'GET', path: '/roles', handler: 'functions/roles/list.ts', access: 'user', grants: ['table:read'] }),
  r({ id: 'listBrands', method: 'GET', path: '/brands', handler: 'functions/brands/list.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'listBrandsForSelect', method: 'GET', path: '/getBrands', handler: 'functions/brands/list-for-select.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'listRetailers', method: 'GET', path: '/retailers', handler: 'functions/retailers/list.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'listUsers', method: 'GET', path: '/users', handler: 'functions/users/list.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: listUsersQuery }),

  // ── Post office: robot files (001 §7) ──────────────────────────────────────────
  r({ id: 'listFiles', method: 'GET', path: '/getFiles', handler: 'functions/files/list.ts', access: 'admin', grants: ['table:read'], query: listFilesQuery }),
  r({ id: 'getFile', method: 'GET', path: '/getFiles/{fId}', handler: 'functions/files/get.ts', access: 'admin', grants: ['table:read'], params: fileIdPath }),
  r({ id: 'samePeriodFiles', method: 'GET', path: '/samePeriodFiles/{fId}', handler: 'functions/files/same-period.ts', access: 'admin', grants: ['table:read'], params: fileIdPath }),
  r({ id: 'getFileData', method: 'GET', path: '/getFileData/{fId}', handler: 'functions/files/get-data.ts', access: 'admin', grants: ['table:read', 'data:read'], params: fileIdPath, query: fileDataQuery }),
  r({ id: 'markNeedsAttention', method: 'POST', path: '/upload/NeedAttention', handler: 'functions/files/need-attention.ts', access: 'admin', grants: ['table:read', 'table:write'], body: fileIdBody }),
  r({ id: 'approveFile', method: 'GET', path: '/upload/approveStatus', handler: 'functions/files/approve.ts', access: 'admin', grants: ['table:read', 'table:write', 'workflow:start'], query: fileIdQuery }),
  r({ id: 'getFlagValues', method: 'GET', path: '/getFlagValues', handler: 'functions/files/flag-values.ts', access: 'admin', grants: ['table:read'] }),

  // ── Post office: settings and notifications (001 §7) ───────────────────────────
  r({ id: 'getThresholdSettings', method: 'GET', path: '/settings/threshold', handler: 'functions/settings/get.ts', access: 'admin', grants: ['table:read'] }),
  r({ id: 'updateSettings', method: 'PUT', path: '/settings/{id}', handler: 'functions/settings/update.ts', access: 'admin', grants: ['table:read', 'table:write'], params: settingsIdPath, body: settingsBody }),
  r({ id: 'listNotifications', method: 'GET', path: '/notifications', handler: 'functions/notifications/list.ts', access: 'admin', grants: ['table:read'], query: listNotificationsQuery }),
  r({ id: 'updateNotification', method: 'PUT', path: '/notifications/{id}', handler: 'functions/notifications/update.ts', access: 'admin', grants: ['table:read', 'table:write'], params: notificationIdPath, body: notificationSeenBody }),

  // ── Products of the period, on-hand inventory, summaries (000 §7, 001 §7) ──────
  // (scrapings block: routes of functions/scrapings and functions/inventory go here)
  // Period, product and on-hand routes carry no brand in the path: the handler checks the record's brand.
  r({ id: 'listProductScrapings', method: 'GET', path: '/retailerBrandProductScrapings', handler: 'functions/scrapings/list-products.ts', access: 'user', grants: ['table:read', 'data:read', 'data:write'], query: sc.listProductScrapingsQuery }),
  r({ id: 'getProductScraping', method: 'GET', path: '/retailerBrandProductScrapings/{id}', handler: 'functions/scrapings/get-product.ts', access: 'user', grants: ['table:read'], params: sc.productIdPath }),
  r({ id: 'updateProductScraping', method: 'PUT', path: '/retailerBrandProductScrapings/{id}', handler: 'functions/scrapings/update-product.ts', access: 'user', grants: ['table:read', 'table:write'], params: sc.productIdPath, body: sc.updateProductScrapingBody }),
  r({ id: 'listBrandPeriods', method: 'GET', path: '/RetailerSummaryDays/{brandId}', handler: 'functions/scrapings/list-brand-periods.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath }),
  r({ id: 'listRetailerPeriods', method: 'GET', path: '/RetailerSummaryDays/{brandId}/{retailerId}', handler: 'functions/scrapings/list-retailer-periods.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandRetailerPath }),
  r({ id: 'listRetailerScrapings', method: 'GET', path: '/RetailerScraping/{brandId}', handler: 'functions/scrapings/list-retailer-scrapings.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath, query: sc.retailerScrapingsQuery }),
  r({ id: 'getRetailerScraping', method: 'GET', path: '/RetailerScraping/{brandId}/{id}', handler: 'functions/scrapings/get-retailer-scraping.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandAndIdPath }),
  r({ id: 'getBrandRetailerSummary', method: 'GET', path: '/brandRetailerSummary/{brandId}', handler: 'functions/scrapings/get-brand-summary.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: sc.brandIdPath }),
  r({ id: 'getRelatedProducts', method: 'GET', path: '/getRelatedProducts', handler: 'functions/scrapings/list-related-products.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: sc.relatedProductsQuery }),
  r({ id: 'getBatchItems', method: 'GET', path: '/getBatchItems', handler: 'functions/inventory/get-batch-item.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: sc.batchItemQuery }),
  // ── end of scrapings block ──
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];
export type Route<Id extends RouteId = RouteId> = Extract<(typeof routes)[number], { id: Id }>;

export function route<Id extends RouteId>(routeId: Id): Route<Id> {
  const found = routes.find((x) => x.id === routeId);
  if (!found) throw new Error(`Unknown route ${routeId}`);
  return found as Route<Id>;
}

/** Fill a route's `{param}` segments: the web client's URL builder. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`);
    return encodeURIComponent(v);
  });
}

/** Match a method + path against the table; returns the route and its path parameters. */
export function matchRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | undefined {
  for (const def of routes as readonly RouteDef[]) {
    if (def.method !== method) continue;
    const names: string[] = [];
    const re = new RegExp(
      '^' + def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$',
    );
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
    return { route: def, params };
  }
  return undefined;
}
