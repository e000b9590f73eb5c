/** Post office: robot files (001 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { fileDataQuery, fileIdBody, fileIdPath, fileIdQuery, flagValuesQuery, listFilesQuery } from '../schemas/post-office';
import { r, routeIn, type RouteDef } from './define';

export const fileRoutes = [
  r({ id: 'listFiles', method: 'GET', path: '/getFiles', handler: 'functions/files/list.ts', access: 'admin', grants: ['table:read'], query: listFilesQuery }),
  r({ id: 'getFile', method: 'GET', path: '/getFiles/{fId}', handler: 'functions/files/get.ts', access: 'admin', grants: ['table:read'], params: fileIdPath }),
  r({ id: 'samePeriodFiles', method: 'GET', path: '/samePeriodFiles/{fId}', handler: 'functions/files/same-period.ts', access: 'admin', grants: ['table:read'], params: fileIdPath }),
  r({ id: 'getFileData', method: 'GET', path: '/getFileData/{fId}', handler: 'functions/files/get-data.ts', access: 'admin', grants: ['table:read', 'data:read'], params: fileIdPath, query: fileDataQuery }),
  r({ id: 'markNeedsAttention', method: 'POST', path: '/upload/NeedAttention', handler: 'functions/files/need-attention.ts', access: 'admin', grants: ['table:read', 'table:write'], body: fileIdBody }),
  r({ id: 'approveFile', method: 'GET', path: '/upload/approveStatus', handler: 'functions/files/approve.ts', access: 'admin', grants: ['table:read', 'table:write', 'workflow:start'], query: fileIdQuery }),
  r({ id: 'getFlagValues', method: 'GET', path: '/getFlagValues', handler: 'functions/files/flag-values.ts', access: 'admin', grants: ['table:read'], query: flagValuesQuery }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(fileRoutes);
