/** Settings → Contacts: import, export, count, history, files (000 §2, §7). This resource's part of the route table (shared/routes.ts aggregates it). */
import * as ci from '../schemas/contacts-import';
import { r, routeIn, type RouteDef } from './define';

export const contactsImportRoutes = [
  // Import is BRAND_ADMIN's (or an ADMIN acting as the brand, `brand` in the form, checked by the handler).
  r({ id: 'getAddressBookHeaders', method: 'POST', path: '/getAddressBookHeaders', handler: 'functions/contacts-import/headers.ts', access: 'brandAdmin', grants: ['table:read', 'data:read'], multipart: true, body: ci.headersBody }),
  r({ id: 'importContacts', method: 'POST', path: '/addressBook/import/{brandId}', handler: 'functions/contacts-import/import.ts', access: 'brandAdmin', grants: ['table:read', 'table:write', 'data:write'], tenant: { path: 'brandId' }, multipart: true, params: ci.brandPath, body: ci.importBody }),
  r({
    id: 'getContactsImport',
    method: 'GET',
    path: '/addressBook/import/{brandId}/{importId}',
    handler: 'functions/contacts-import/import-status.ts',
    access: 'brandAdmin',
    grants: ['table:read'],
    tenant: { path: 'brandId' },
    params: ci.importStatusPath,
    notInSpec: 'The progress of an import while its POST runs (the wizard polls it: docs/decisions.md "Contacts import and export").',
  }),
  // Export, count, history and files: any account of the brand that sees all its retailers (a User with assigned retailers: 403).
  r({ id: 'exportContacts', method: 'GET', path: '/addressBook/export/{brandId}', handler: 'functions/contacts-import/export.ts', access: 'user', grants: ['table:read', 'table:write', 'data:write', 'data:read'], tenant: { path: 'brandId' }, params: ci.brandPath, query: ci.exportQuery }),
  r({ id: 'getContactCount', method: 'GET', path: '/addressBook/getContactCount/{brandId}', handler: 'functions/contacts-import/count.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: ci.brandPath }),
  r({ id: 'getContactsHistory', method: 'GET', path: '/importexportaddressBook/{brandId}', handler: 'functions/contacts-import/history.ts', access: 'user', grants: ['table:read', 'data:read'], tenant: { path: 'brandId' }, params: ci.brandPath, query: ci.historyQuery }),
  // The file's brand is checked by the handler (another brand's id: 404).
  r({ id: 'downloadContactsFile', method: 'GET', path: '/addressBook/downloadFile/{id}', handler: 'functions/contacts-import/download.ts', access: 'user', grants: ['table:read', 'data:read'], tenant: { query: 'brand' }, params: ci.fileIdPath, query: ci.downloadQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(contactsImportRoutes);
