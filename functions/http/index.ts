/**
 * The HTTP wrapper every handler goes through (functions/lib/http/handler.ts), wired with the
 * caller's resolution from the users' and the B2B links' records (./authenticate.ts), which
 * functions/lib may not import (issue 23).
 * The public surface of functions/http/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { authenticate } from './authenticate';
export { httpHandler } from './handler';
export { MULTIPART_LIMITS, multipartHttpHandler } from './multipart-handler';
export { respond } from '../lib/http/handler';
