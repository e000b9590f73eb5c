/**
 * The local stand-in for CloudFront + API Gateway: one HTTP server on one origin. `/api/*` is
 * matched against the route table and turned into an API Gateway v2 event for the very handler
 * module that runs in Lambda; everything else is the built SPA with index.html as fallback.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { MSG } from '../../shared/messages';
import { matchRoute, type RouteDef } from '../../shared/routes';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const BINARY = /^(image\/|application\/(octet-stream|pdf|zip|vnd\.))|multipart\/form-data/;

/**
 * Lambda takes a request event of at most 6 MB (a binary body is in it base64-encoded): above
 * that API Gateway answers 413 without calling the function. The local server does the same, so
 * a limit that only holds locally shows up here first.
 */
export const LAMBDA_EVENT_MAX_BYTES = 6 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'Request Entity Too Large';

export function lambdaContext(name: string): Context {
  return {
    awsRequestId: randomUUID(),
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export class HandlerRegistry {
  private cache = new Map<string, Promise<Handler>>();
  constructor(private root: string) {}
  load(modulePath: string): Promise<Handler> {
    let p = this.cache.get(modulePath);
    if (!p) {
      p = import(pathToFileURL(path.join(this.root, modulePath)).href).then((m: { handler?: Handler }) => {
        if (typeof m.handler !== 'function') throw new Error(`${modulePath} exports no handler`);
        return m.handler;
      });
      this.cache.set(modulePath, p);
    }
    return p;
  }
}

/**
 * The request's time, as API Gateway stamps it (`requestContext.timeEpoch`): now, unless the
 * stack was started for the test suites (LOCAL_TEST_CLOCK=1, test/setup/stack.ts) and the request
 * names one in `x-test-request-time` (ms since the epoch): the throttle windows follow the
 * request's time, so a suite picks a window of its own instead of waiting for one on the real
 * clock. API Gateway sets this itself in AWS; no caller can.
 */
export const TEST_CLOCK_HEADER = 'x-test-request-time';
function requestTime(headers: Record<string, string>): number {
  const asked = process.env.LOCAL_TEST_CLOCK === '1' ? Number(headers[TEST_CLOCK_HEADER]) : NaN;
  return Number.isSafeInteger(asked) && asked > 0 ? asked : Date.now();
}

function toEvent(req: http.IncomingMessage, body: Buffer, url: URL, apiPath: string, def: RouteDef, params: Record<string, string>): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const isBinary = BINARY.test(headers['content-type'] ?? '');
  return {
    version: '2.0',
    routeKey: `${def.method} ${def.path}`,
    rawPath: apiPath,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: { method: def.method, path: apiPath, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: `${def.method} ${def.path}`,
      stage: '$default',
      time: new Date(requestTime(headers)).toUTCString(),
      timeEpoch: requestTime(headers),
    },
    body: body.length ? (isBinary ? body.toString('base64') : body.toString('utf8')) : undefined,
    isBase64Encoded: body.length > 0 && isBinary,
  };
}

async function readBody(req: http.IncomingMessage, limit = 20 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw Object.assign(new Error('Payload too large'), { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, headers);
  res.end(body);
}

export interface ApiServerOptions {
  root: string;
  webDist: string;
  /** Extra local-only endpoints (e.g. the sent-email viewer redirect). */
  extra?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean | Promise<boolean>;
}

export function createApiServer(opts: ApiServerOptions): http.Server {
  const registry = new HandlerRegistry(opts.root);
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // A path that cannot be decoded (`/api/getFiles/%E0%A4%A`) is the caller's error, as in API Gateway.
    if (!decodable(url.pathname)) return send(res, 400, JSON.stringify({ message: MSG.malformedUrl, code: 'BAD_REQUEST' }), { 'content-type': 'application/json' });
    try {
      if (opts.extra && (await opts.extra(req, res, url))) return;
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        const apiPath = url.pathname.slice(4) || '/';
        const method = (req.method ?? 'GET').toUpperCase();
        const match = matchRoute(method, apiPath);
        if (!match) return send(res, 404, JSON.stringify({ message: MSG.notFound, code: 'NO_ROUTE' }), { 'content-type': 'application/json' });
        const body = await readBody(req);
        const handler = await registry.load(match.route.handler);
        const event = toEvent(req, body, url, apiPath, match.route, match.params);
        if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_EVENT_MAX_BYTES) return send(res, 413, JSON.stringify({ message: TOO_LARGE_MESSAGE }), { 'content-type': 'application/json' });
        const out = await handler(event, lambdaContext(match.route.id));
        const payload = out.isBase64Encoded ? Buffer.from(out.body ?? '', 'base64') : (out.body ?? '');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(out.headers ?? {})) headers[k] = String(v);
        if (out.cookies?.length) res.setHeader('set-cookie', out.cookies);
        // As API Gateway behind CloudFront: the handler's answer as it is (the wrapper compresses
        // JSON for a caller that accepts it, functions/lib/http/handler.ts; CloudFront does not on /api/*).
        return send(res, out.statusCode ?? 200, payload, headers);
      }
      return serveStatic(opts.webDist, url.pathname, req, res);
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode ?? 500;
      process.stderr.write(JSON.stringify({ level: 'error', message: 'local server error', error: String((e as Error).stack ?? e) }) + '\n');
      send(res, status, JSON.stringify({ message: MSG.genericError }), { 'content-type': 'application/json' });
    }
  });
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * What CloudFront compresses on the site's behaviour (compress on, CachingOptimized: gzip and
 * brotli): text types of 1,000 bytes to 10 MB (images and fonts already are).
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;
const compressible = (type: string, size: number) => COMPRESSIBLE.test(type) && size >= 1000 && size <= 10_000_000;
/** As CloudFront picks: brotli when the caller accepts it, else gzip (q=0 refuses), else none. */
function pickEncoding(req: http.IncomingMessage): 'br' | 'gzip' | null {
  const accepted = new Negotiator(req).encodings(['br', 'gzip']);
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
}

function serveStatic(dist: string, pathname: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const safe = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = path.join(dist, safe);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
  if (!existsSync(file)) return send(res, 503, 'The web app is not built yet: run `npm run build`.', { 'content-type': 'text/plain' });
  const ext = path.extname(file);
  const type = MIME[ext] ?? 'application/octet-stream';
  const encoding = compressible(type, statSync(file).size) ? pickEncoding(req) : null;
  res.writeHead(200, {
    'content-type': type,
    'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  const body = createReadStream(file);
  if (encoding === 'br') body.pipe(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(res);
  else if (encoding === 'gzip') body.pipe(zlib.createGzip({ level: 6 })).pipe(res);
  else body.pipe(res);
}
