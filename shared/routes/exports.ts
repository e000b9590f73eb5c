/** Exports of the product tabs (000 §2 ALL EXPORTS, §7; 001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import * as ex from '../schemas/exports';
import { r, routeIn, type RouteDef } from './define';

export const exportRoutes = [
  // The period's brand is checked by the handler (the period id carries no brand), as for the product list.
  r({ id: 'exportFile', method: 'GET', path: '/exportFile', handler: 'functions/exports/export-file.ts', access: 'user', grants: ['table:read', 'table:write', 'data:read', 'data:write'], query: ex.exportFileQuery, appLinks: true }),
  r({
    id: 'getExportJob',
    method: 'GET',
    path: '/exportFile/{jobId}',
    handler: 'functions/exports/export-status.ts',
    access: 'user',
    // data:read: a contacts job's link is a presigned GET of its file (as the contacts history's links).
    grants: ['table:read', 'data:read'],
    params: ex.exportJobPath,
    notInSpec: "Every export is built in the background (a 100k-row tab, 100k contacts take longer than the API allows): a job's progress and, once ready, its file's link (docs/exports.md). Reads the jobs of the tab, Permissions and contacts exports.",
  }),
  r({ id: 'getExportHistory', method: 'GET', path: '/getExportHistory/{id}', handler: 'functions/exports/history.ts', access: 'user', grants: ['table:read'], tenant: { query: 'brand' }, params: ex.exportHistoryPath, query: ex.exportHistoryQuery, appLinks: true }),
  r({
    id: 'downloadExport',
    method: 'GET',
    path: '/exports/download',
    handler: 'functions/exports/download.ts',
    access: 'public',
    grants: ['table:read', 'data:read'],
    query: ex.exportDownloadQuery,
    notInSpec: 'The app link of an export (DESIGN.md "Data"): a signed 7-day token, checked here, then a 302 to a fresh short-lived S3 presigned GET. Public: the browser opens it, and links are mailed (basket export).',
    jwtKey: 'checksSignedLink',
  }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(exportRoutes);
