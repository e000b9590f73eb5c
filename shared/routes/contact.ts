/** The contact form (000 §2, §7): canned messages' read, the form's contact info and the email to a retailer. This resource's part of the route table (shared/routes.ts aggregates it). */
import * as ct from '../schemas/contact';
import { r, routeIn, type RouteDef } from './define';

export const contactRoutes = [
  r({ id: 'listCannedMessages', method: 'GET', path: '/cannedmessages', handler: 'functions/contact/list-canned-messages.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: ct.listCannedMessagesQuery }),
  // No brand in the body: the handler checks the retailer scan's brand and the caller's retailers.
  r({ id: 'getContactInfoForEmail', method: 'POST', path: '/getContactInfoForEmail', handler: 'functions/contact/contact-info.ts', access: 'user', grants: ['table:read'], body: ct.contactInfoForEmailBody }),
  r({ id: 'contactRetailer', method: 'POST', path: '/contact_retailer', handler: 'functions/contact/contact-retailer.ts', access: 'user', grants: ['table:read', 'table:write', 'email:send'], multipart: true, query: ct.contactRetailerQuery, body: ct.contactRetailerBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(contactRoutes);
