/** The Address Book and EMAIL HISTORY of the retailer page (000 §2, §6, §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import * as ab from '../schemas/address-book';
import { r, routeIn, type RouteDef } from './define';

export const addressBookRoutes = [
  r({ id: 'getContactInfo', method: 'GET', path: '/getContactInfo', handler: 'functions/address-book/list-contacts.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: ab.contactInfoQuery }),
  // The body's brand is checked by the handler (tenant rules read the path or the query).
  r({ id: 'addContact', method: 'POST', path: '/addressBooks', handler: 'functions/address-book/add-contact.ts', access: 'user', grants: ['table:read', 'table:write'], body: ab.addContactBody }),
  // 000 §6: BRAND_ADMIN can delete contacts (and ADMIN, acting for a brand); a User gets 403.
  r({ id: 'deleteContact', method: 'DELETE', path: '/addressBooks/{id}', handler: 'functions/address-book/delete-contact.ts', access: 'brandAdmin', grants: ['table:read', 'table:write'], tenant: { query: 'brand' }, params: ab.contactIdPath, query: ab.deleteContactQuery }),
  // The scan info's brand and retailer are checked by the handler (the id carries neither).
  r({ id: 'getEmailHistory', method: 'GET', path: '/email_history', handler: 'functions/address-book/list-email-history.ts', access: 'user', grants: ['table:read'], query: ab.emailHistoryQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(addressBookRoutes);
