/** The contact form (000 §2, §7) and the Inbox: canned messages (read, create, update), the placeholder names, the form's contact info and the email to a retailer. This resource's part of the route table (shared/routes.ts aggregates it). */
import * as ct from '../schemas/contact';
import { r, routeIn, type RouteDef } from './define';

export const contactRoutes = [
  r({ id: 'listCannedMessages', method: 'GET', path: '/cannedmessages', handler: 'functions/contact/list-canned-messages.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, query: ct.listCannedMessagesQuery }),
  // The Inbox (000 §2, §6, §7): BRAND_ADMIN or ADMIN acting for a brand write; the body's brand is checked by the handler.
  r({ id: 'createCannedMessage', method: 'POST', path: '/cannedmessages', handler: 'functions/contact/create-canned-message.ts', access: 'brandAdmin', grants: ['table:read', 'table:write'], body: ct.createCannedMessageBody }),
  r({ id: 'updateCannedMessage', method: 'PUT', path: '/cannedmessages/{id}', handler: 'functions/contact/update-canned-message.ts', access: 'brandAdmin', grants: ['table:read', 'table:write'], params: ct.cannedMessageIdPath, body: ct.updateCannedMessageBody }),
  // The placeholder names (one list: shared/schemas/contact.ts EMAIL_VARIABLES).
  r({ id: 'getVariables', method: 'GET', path: '/getvariable', handler: 'functions/contact/get-variables.ts', access: 'user', grants: ['table:read'] }),
  // No brand in the body: the handler checks the retailer scan's brand and the caller's retailers.
  r({ id: 'getContactInfoForEmail', method: 'POST', path: '/getContactInfoForEmail', handler: 'functions/contact/contact-info.ts', access: 'user', grants: ['table:read'], body: ct.contactInfoForEmailBody }),
  // The images go to S3 first through upload links (presigned POSTs holding size and type), so a deployed stack takes the same sizes as the local one (issue 22); the email names them.
  r({
    id: 'createContactUploads',
    method: 'POST',
    path: '/contact_retailer/attachments',
    handler: 'functions/contact/create-uploads.ts',
    access: 'user',
    grants: ['table:read', 'data:write'],
    body: ct.contactUploadsBody,
    notInSpec: "The contact form's images are uploaded straight to S3 (API Gateway and Lambda cap a request near 6 MB), then named by the email: docs/decisions.md \"Contact retailer\".",
  }),
  r({ id: 'contactRetailer', method: 'POST', path: '/contact_retailer', handler: 'functions/contact/contact-retailer.ts', access: 'user', grants: ['table:read', 'table:write', 'email:send', 'data:read', 'data:write'], multipart: true, query: ct.contactRetailerQuery, body: ct.contactRetailerBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(contactRoutes);
