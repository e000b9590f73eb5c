/**
 * The wrapper of multipart/form-data routes (`multipart: true` in the route table): the one
 * wrapper of functions/lib/http/handler.ts, with ./authenticate.ts, and middy's multipart parser
 * (busboy) in front of validation. Kept apart so that only the functions of multipart routes
 * bundle the parser.
 */
import type { MiddlewareObj } from '@middy/core';
import multipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '../../shared/routes/define';
import { wrap, type Event, type HandlerResult, type RequestContext } from '../lib/http/handler';
import { authenticate } from './authenticate';

/** Upload limits of every multipart route: 10 files of at most 10 MB each. */
export const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 10 } as const;

/**
 * `limits` may lower or raise the file count for one route (e.g. one more than the route allows,
 * so that its own check refuses too many files instead of the parser dropping the extra ones).
 */
export function multipartHttpHandler<R extends RouteDef & { multipart: true }>(
  def: R,
  fn: (req: RequestContext<R>) => Promise<HandlerResult<R>>,
  limits: Partial<{ -readonly [K in keyof typeof MULTIPART_LIMITS]: number }> = {},
) {
  // middy types the parser for REST API (v1) events; it reads only headers, body and isBase64Encoded, which v2 events have.
  const parser = multipartBodyParser({ disableContentTypeError: false, busboy: { limits: { ...MULTIPART_LIMITS, ...limits } } });
  return wrap(def, fn, authenticate, parser as unknown as MiddlewareObj<Event, APIGatewayProxyStructuredResultV2>);
}
