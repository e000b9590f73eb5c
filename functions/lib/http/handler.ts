/**
 * The one middy wrapper every HTTP handler goes through:
 * logger context → authentication → role, terms and tenant authorization → body parsing (JSON,
 * multipart) → zod validation (400 with `message` and `issues`) → the function →
 * JSON response (compressed for a caller that accepts it: @middy/http-content-negotiation picks
 * the encoding, @middy/http-content-encoding applies it; see `compression` below); the error
 * handler is registered last and never leaks a 5xx's internals.
 *
 * Who is calling is resolved by the `authenticate` it is given (./auth.ts `Authenticate`): that
 * reads the users' and the B2B links' records, and functions/lib imports no feature (issue 23).
 * Handlers therefore use the wrapper through functions/http/ (`httpHandler`, and
 * `multipartHttpHandler` for multipart routes: the same wrapper with the multipart parser, which
 * (busboy) stays out of every other function's bundle), which passes in functions/http/authenticate.ts.
 */
import { constants } from 'node:zlib';
import middy from '@middy/core';
import httpContentEncoding from '@middy/http-content-encoding';
import httpContentNegotiation from '@middy/http-content-negotiation';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z, ZodType } from 'zod';
import { MSG } from '../../../shared/messages';
import type { RouteDef } from '../../../shared/routes/define';
import type { HandlerResultOf } from '../../../shared/routes/responses';
import { logger } from '../logger';
import { assertBrand, assertTermsAccepted, authorizeRole, type AuthContext, type Authenticate } from './auth';
import { CaptchaRequiredError, ForbiddenError, HttpError, PayloadTooLargeError, ValidationError, type Issue } from './errors';
import { fromOrigin } from './origin';

type Out<S> = S extends ZodType ? z.output<S> : undefined;

/**
 * The API's answers leave the function compressed when the caller accepts it (issue 7 §5):
 * CloudFront does not compress `/api/*` (its cache policy has caching disabled, which rules out
 * gzip and brotli) and an HTTP API does not either. As CloudFront does for the site: brotli, else
 * gzip (`Accept-Encoding` q-values respected, q=0 refuses), brotli at quality 5 (close to gzip's
 * speed, smaller; 11, the default, is far slower), and only for JSON of 1,000 bytes or more
 * (CloudFront's threshold: below it compression saves less than it costs). CloudFront passes an
 * answer with a Content-Encoding through as it is; API Gateway decodes the base64 body to bytes.
 */
const COMPRESS_MIN_BYTES = 1000;
const negotiation = httpContentNegotiation({ parseCharsets: false, parseLanguages: false, parseMediaTypes: false, availableEncodings: ['br', 'gzip'], failOnMismatch: false });
const encoding = httpContentEncoding({ br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, gzip: { level: 6 }, overridePreferredEncoding: ['br', 'gzip'] });
const worthCompressing = (r: APIGatewayProxyStructuredResultV2 | undefined) =>
  !!r && typeof r.body === 'string' && String(r.headers?.['content-type'] ?? '').includes('json') && Buffer.byteLength(r.body, 'utf8') >= COMPRESS_MIN_BYTES;

export interface RequestContext<R extends RouteDef> {
  body: Out<R['body']>;
  query: Out<R['query']>;
  params: Out<R['params']>;
  /** Present on every non-public route. */
  auth: R['access'] extends 'public' ? AuthContext | undefined : AuthContext;
  event: APIGatewayProxyEventV2;
  context: Context;
}

/** A handler may return plain data (200 JSON) or a full response (its body typed as the route's data). */
export interface RawResponse<B = unknown> {
  statusCode: number;
  body?: B;
  headers?: Record<string, string>;
  /** Send `body` as is (a string), not as JSON. */
  raw?: boolean;
  /** Set-Cookie values (API Gateway v2's `cookies`: one Set-Cookie header each). */
  cookies?: string[];
}
/**
 * What the function of a route may return: the route's response type (shared/routes/responses.ts)
 * or a full response whose body is of that type too (a 201 or 202 answers the route's data; a
 * redirect, whose schema is `undefined`, answers no body).
 */
export type HandlerResult<R extends RouteDef> = HandlerResultOf<R['id']> | (RawResponse<HandlerResultOf<R['id']>> & { __raw: true });

export const respond = <B = undefined>(statusCode: number, body?: B, headers?: Record<string, string>, cookies?: string[]): RawResponse<B> & { __raw: true } => ({
  statusCode,
  body,
  headers,
  ...(cookies?.length ? { cookies } : {}),
  __raw: true,
});

export type Event = APIGatewayProxyEventV2 & { parsedBody?: unknown; auth?: AuthContext };

function toIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function validate<S extends ZodType | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issues = toIssues(result.error);
    throw new ValidationError(issues[0]?.message ?? `Invalid ${where}.`, issues);
  }
  return result.data as Out<S>;
}

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** Largest JSON body a route accepts (multipart uploads have their own limits). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse never sets a prototype (`__proto__` becomes an own key), but any later copy of such
 * a key (a spread, a zod record, a merge) could: bodies naming one are refused outright.
 */
function noReservedKeys(this: unknown, key: string, value: unknown): unknown {
  if (RESERVED_KEYS.has(key)) throw new ValidationError(MSG.reservedJsonKey);
  return value;
}

function parseJsonBody(event: Event): void {
  const ct = event.headers['content-type'] ?? '';
  if (!event.body || ct.startsWith('multipart/form-data')) return;
  const size = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body, 'utf8');
  if (size > MAX_JSON_BODY_BYTES) throw new PayloadTooLargeError(MSG.bodyTooLarge);
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!ct.includes('json') && ct !== '') return;
  try {
    event.parsedBody = JSON.parse(text, noReservedKeys);
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw new ValidationError(MSG.invalidJson);
  }
}

/**
 * The wrapper, with the caller's resolution (`authenticate`, called for every non-public route)
 * and, for multipart routes, the multipart parser: both given by functions/http/ (`httpHandler`,
 * `multipartHttpHandler`), the wrapper's one entry for handlers.
 */
export function wrap<R extends RouteDef>(
  def: R,
  fn: (req: RequestContext<R>) => Promise<HandlerResult<R>>,
  authenticate: Authenticate,
  multipartParser?: MiddlewareObj<Event, APIGatewayProxyStructuredResultV2>,
) {
  if (def.multipart && !multipartParser) throw new Error(`Route ${def.id} is multipart but no multipart parser was given`);
  const core = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const body = validate(def.body, event.parsedBody, 'body') as Out<R['body']>;
    const query = validate(def.query, event.queryStringParameters, 'query') as Out<R['query']>;
    const params = validate(def.params, event.pathParameters, 'path') as Out<R['params']>;
    const result = await fn({ body, query, params, auth: event.auth as RequestContext<R>['auth'], event, context });
    if (result && typeof result === 'object' && '__raw' in result) {
      const r = result as unknown as RawResponse;
      const cookies = r.cookies?.length ? { cookies: r.cookies } : {};
      if (r.raw) return { statusCode: r.statusCode, headers: r.headers, body: String(r.body ?? ''), ...cookies };
      return { ...json(r.statusCode, r.body, r.headers), ...cookies };
    }
    return json(200, result);
  };

  return middy<Event, APIGatewayProxyStructuredResultV2>(core)
    .use({
      before: (request) => {
        logger.setContext({ route: def.id, requestId: request.context.awsRequestId });
        (request.internal as Record<string, unknown>).start = Date.now();
      },
      after: async (request) => {
        // The last `after` to run (middy runs them in reverse): the answer as it will be sent.
        if (worthCompressing(request.response)) await encoding.after!(request as never);
        logger.info('request', {
          method: def.method,
          path: request.event.rawPath,
          status: request.response?.statusCode,
          ms: Date.now() - Number((request.internal as Record<string, unknown>).start),
        });
      },
    })
    .use(httpHeaderNormalizer())
    .use(negotiation as MiddlewareObj<Event, APIGatewayProxyStructuredResultV2>)
    .use({
      // Who is calling comes first: an anonymous or forbidden caller learns nothing about the body.
      before: async (request) => {
        const event = request.event;
        // Only through CloudFront (see origin.ts), public routes included.
        if (!(await fromOrigin(event.headers))) throw new ForbiddenError();
        if (def.access === 'public') return;
        const auth = await authenticate(event.headers, def);
        authorizeRole(auth, def.access);
        assertTermsAccepted(auth, def);
        if (auth.portal) assertPortalRequest(auth.portal, def, event);
        if (def.tenant?.path) assertBrandIfGiven(auth, event.pathParameters?.[def.tenant.path], true);
        if (def.tenant?.query) assertBrandIfGiven(auth, event.queryStringParameters?.[def.tenant.query], false);
        event.auth = auth;
        logger.addContext({ user: auth.sub, brand: auth.brand ?? null, ...(auth.portal ? { portalLink: auth.portal.linkId } : {}) });
      },
    })
    .use(def.multipart && multipartParser ? multipartParser : [])
    .use({
      before: (request) => {
        const event = request.event;
        if (def.multipart) event.parsedBody = event.body;
        else parseJsonBody(event);
      },
    })
    .use({
      onError: (request) => {
        const error = request.error as (Error & { statusCode?: number; expose?: boolean }) | null;
        if (!error) return;
        if (error instanceof HttpError) {
          if (error.statusCode >= 500) logger.error('request failed', { error });
          else logger.info('request rejected', { status: error.statusCode, message: error.message });
          request.response = error.expose
            ? json(error.statusCode, { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}), ...(error instanceof CaptchaRequiredError ? { captcha: error.captcha } : {}) })
            : json(error.statusCode, { message: MSG.genericError, code: 'INTERNAL' });
          return;
        }
        // middy's own typed errors (e.g. 415 from the multipart parser) are safe to show.
        if (typeof error.statusCode === 'number' && error.statusCode < 500 && error.expose !== false) {
          request.response = json(error.statusCode, { message: error.message, code: 'BAD_REQUEST' });
          return;
        }
        logger.error('unhandled error', { error });
        request.response = json(500, { message: MSG.genericError, code: 'INTERNAL' });
      },
    });
}

/**
 * What a B2B portal session may ask of a route that lets it in (docs/decisions.md "B2B portal"):
 * the retailer it names is the link's, and its query passes the route's portal schema (another
 * tab, filter or parameter: 403).
 */
function assertPortalRequest(portal: NonNullable<AuthContext['portal']>, def: RouteDef, event: Event): void {
  const rule = def.portal;
  if (!rule) return;
  if (rule.retailer?.path !== undefined && event.pathParameters?.[rule.retailer.path] !== portal.retailer) throw new ForbiddenError();
  if (rule.retailer?.query !== undefined && event.queryStringParameters?.[rule.retailer.query] !== portal.retailer) throw new ForbiddenError();
  if (rule.query && !rule.query.safeParse(event.queryStringParameters ?? {}).success) throw new ForbiddenError();
}

function assertBrandIfGiven(auth: AuthContext, brandId: string | undefined, requiredInPath: boolean): void {
  if (brandId === undefined && !requiredInPath) return;
  assertBrand(auth, brandId);
}
