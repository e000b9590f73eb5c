/**
 * The web's route index (`virtual:route-index`, web/vite.config.ts) is the route table's method,
 * path and access of every route, nothing missing, nothing more: the API client reads it instead
 * of the table, so that zod and the request schemas are not loaded with every page.
 */
import routeIndex from 'virtual:route-index';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/routes';

describe('virtual:route-index', () => {
  it('has every route of the table with its method, path and access, and no other', () => {
    expect(Object.keys(routeIndex).sort()).toEqual(routes.map((r) => r.id).sort());
    for (const r of routes) expect(routeIndex[r.id], r.id).toEqual([r.method, r.path, r.access]);
  });
});
