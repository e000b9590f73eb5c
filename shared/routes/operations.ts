/** Failed deliveries in the post office (ours; docs/operations.md): this resource's part of the route table (shared/routes.ts aggregates it). */
import { failureIdPath, listFailuresQuery } from '../schemas/operations';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = 'Nothing is lost silently: an asynchronous delivery that failed every try (a robot drop, a basket export, a schedule) is shown to admins and sent again from here (docs/operations.md).';

export const operationsRoutes = [
  r({ id: 'listFailedDeliveries', method: 'GET', path: '/failedDeliveries', handler: 'functions/operations/list-failures.ts', access: 'admin', grants: ['table:read'], query: listFailuresQuery, notInSpec }),
  r({ id: 'redriveFailedDelivery', method: 'POST', path: '/failedDeliveries/{id}/redrive', handler: 'functions/operations/redrive-failure.ts', access: 'admin', grants: ['table:read', 'table:write', 'async:redrive'], params: failureIdPath, notInSpec }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(operationsRoutes);
