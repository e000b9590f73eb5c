/**
 * The B2B portal (001 §2 /b2bReatilerView/{rId}, §6): the links a brand issues for one retailer
 * and the portal session a link opens. The spec signs the portal in with fixed credentials; ours
 * is a signed, expiring, revocable read-only link (docs/decisions.md "B2B portal"), so every
 * route here is ours. This resource's part of the route table (shared/routes.ts aggregates it).
 */
import * as b from '../schemas/b2b';
import { r, routeIn, type RouteDef } from './define';

export const b2bRoutes = [
  r({
    id: 'createB2bLink',
    method: 'POST',
    path: '/b2bLinks',
    handler: 'functions/b2b/create-link.ts',
    access: 'brandAdmin',
    grants: ['table:read', 'table:write'],
    tenant: { query: 'brand' },
    query: b.b2bBrandQuery,
    body: b.createB2bLinkBody,
    notInSpec: 'The spec opens the B2B portal with fixed stored credentials (001 §6); a BRAND_ADMIN (or an ADMIN for the brand) issues instead a signed, expiring link for one retailer, shown once, only its hash kept.',
    appLinks: true,
  }),
  r({
    id: 'listB2bLinks',
    method: 'GET',
    path: '/b2bLinks',
    handler: 'functions/b2b/list-links.ts',
    access: 'brandAdmin',
    grants: ['table:read'],
    tenant: { query: 'brand' },
    query: b.listB2bLinksQuery,
    notInSpec: "The B2B portal links issued for one retailer of the brand (who created each, when, until when, revoked), for the retailer page's 'B2B portal link' modal.",
  }),
  r({
    id: 'revokeB2bLink',
    method: 'DELETE',
    path: '/b2bLinks/{id}',
    handler: 'functions/b2b/revoke-link.ts',
    access: 'brandAdmin',
    grants: ['table:read', 'table:write'],
    tenant: { query: 'brand' },
    params: b.b2bLinkIdPath,
    query: b.b2bBrandQuery,
    notInSpec: 'Revokes a B2B portal link at once, including a portal session already open (the link record is read on every portal request).',
  }),
  r({
    id: 'openB2bPortal',
    method: 'POST',
    path: '/b2bPortal/session',
    handler: 'functions/b2b/open-portal.ts',
    access: 'public',
    grants: ['table:read', 'table:write'],
    body: b.portalExchangeBody,
    notInSpec: "The portal page exchanges its link's token (from the URL fragment) for a short-lived read-only portal session; public like /login and throttled like it.",
    jwtKey: 'issuesSession',
  }),
  r({
    id: 'getB2bPortal',
    method: 'GET',
    path: '/b2bPortal/session',
    handler: 'functions/b2b/get-portal.ts',
    access: 'portal',
    grants: ['table:read'],
    notInSpec: "What the portal page draws from (a portal session only): the brand's theme, the retailer's name, its latest period; a reload checks the link again.",
  }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(b2bRoutes);
