/**
 * The answer of a route that redirects instead of answering data (an app link): 302 with a
 * `Location` header and no body. A browser follows the Location; a JSON client reads nothing, so
 * the data is `undefined`, and the handler answers `respond(302, undefined, { location })`.
 * Its own module, built lazily and marked pure: a handler that imports its resource's schemas for
 * the request bundles none of it (only shared/routes/responses.ts, types-only for the functions,
 * uses it).
 */
import * as z from 'zod';

export const redirectResponse = /* @__PURE__ */ (() => z.undefined().describe('302 Found: no body, the Location header is the answer'))();
