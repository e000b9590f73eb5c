/** The monthly report (000 §2 Manage Reports, §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { brandIdPath } from '../schemas/brands';
import { reportSummaryQuery } from '../schemas/reports';
import { r, routeIn, type RouteDef } from './define';

export const reportRoutes = [
  r({ id: 'reportSummary', method: 'GET', path: '/report_summary/{brandId}', handler: 'functions/reports/report-summary.ts', access: 'user', grants: ['table:read', 'table:write', 'data:write'], tenant: { path: 'brandId' }, params: brandIdPath, query: reportSummaryQuery, appLinks: true }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(reportRoutes);
