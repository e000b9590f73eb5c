/**
 * The wrapper of every JSON (or body-less) route: functions/lib/http/handler.ts's middy wrapper
 * with this feature's `authenticate` (./authenticate.ts) passed in: functions/lib imports no
 * feature (issue 23), so the wiring of the principal resolution into the wrapper is here.
 */
import type { RouteDef } from '../../shared/routes/define';
import { wrap, type HandlerResult, type RequestContext } from '../lib/http/handler';
import { authenticate } from './authenticate';

/** The wrapper of every JSON (or body-less) route; a `multipart` route needs `multipartHttpHandler`. */
export function httpHandler<R extends RouteDef>(def: R, fn: (req: RequestContext<R>) => Promise<HandlerResult<R>>) {
  if (def.multipart) throw new Error(`Route ${def.id} is multipart: wrap it with multipartHttpHandler (functions/http/multipart-handler.ts)`);
  return wrap(def, fn, authenticate);
}
