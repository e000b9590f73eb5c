/** The pictures robots store with their scans (docs/robot-files.md "Pictures"): this resource's part of the route table (shared/routes.ts aggregates it). */
import * as im from '../schemas/images';
import { r, routeIn, type RouteDef } from './define';

export const imageRoutes = [
  r({
    id: 'openImage',
    method: 'GET',
    path: '/images',
    handler: 'functions/images/open.ts',
    access: 'public',
    // table:read: the wrapper's caller check can read an account (not on a public route, but every handler bundles it).
    grants: ['table:read', 'data:read'],
    query: im.openImageQuery,
    notInSpec:
      'The app link of a picture a robot stored in the data bucket (docs/decisions.md "Pictures"): the server signs one per picture (7 days) when it answers a record holding it; this checks the signature and answers a 302 to a short-lived S3 presigned GET. Public: an <img> sends no bearer token.',
    jwtKey: 'checksSignedLink',
  }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(imageRoutes);
