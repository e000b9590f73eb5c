/** Settings: My Account and Users (000 §2, §6, §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { brandIdPath } from '../schemas/scrapings';
import { brandQuery, confirmEmailChangeBody, createUserBody, noQuery, registerAndNotifyBody, updateUserBody, userIdParam } from '../schemas/users';
import { r, routeIn, type RouteDef } from './define';

export const userRoutes = [
  // Anyone edits their own My Account; the user edit and {associated_retailers} are BRAND_ADMIN's (or an ADMIN's acting as the brand): the handler decides by the body.
  r({ id: 'updateUser', method: 'PUT', path: '/users/{id}', handler: 'functions/users/update.ts', access: 'user', grants: ['table:read', 'table:write', 'email:send'], tenant: { query: 'brand' }, params: userIdParam, query: brandQuery, body: updateUserBody }),
  // The link My Account's email change sends to the new address (issue 36): signed in as the account that asked, so the address's owner cannot confirm someone else's change by opening it.
  r({ id: 'confirmEmailChange', method: 'POST', path: '/users/emailChange/confirm', handler: 'functions/users/confirm-email-change.ts', access: 'user', grants: ['table:read', 'table:write'], body: confirmEmailChangeBody, notInSpec: 'My Account: a new email address takes effect once the link sent to it is opened (issue 36, docs/decisions/42-enterprise-sign-in.md).' }),
  r({ id: 'registerAndNotify', method: 'POST', path: '/registerAndNotify', handler: 'functions/users/register-and-notify.ts', access: 'brandAdmin', grants: ['table:read', 'table:write', 'email:send'], tenant: { query: 'brand' }, query: brandQuery, body: registerAndNotifyBody }),
  r({ id: 'removeAndNotify', method: 'DELETE', path: '/removeAndNotify/{id}', handler: 'functions/users/remove-and-notify.ts', access: 'brandAdmin', grants: ['table:read', 'table:write', 'email:send'], tenant: { query: 'brand' }, params: userIdParam, query: brandQuery }),
  // The admin's Manage Users (001 §2, §7): an ADMIN adds a user of any brand, any role (docs/decisions.md "Manage Users").
  r({ id: 'createUser', method: 'POST', path: '/users', handler: 'functions/users/create.ts', access: 'admin', grants: ['table:read', 'table:write'], query: noQuery, body: createUserBody }),
  r({ id: 'getRetailersForUsersTab', method: 'GET', path: '/getRetailersForUsersTab/{brandId}', handler: 'functions/users/users-tab-retailers.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: brandIdPath }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(userRoutes);
