/** Helpers for tests that talk to the local stack over HTTP, as the browser does. */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import { AUTH } from '../../shared/constants';
import { DEMO_ADMIN_EMAIL, type DemoAdmin } from '../setup/demo-admin';
import { authenticator, currentStep, type Authenticator } from './totp';
import { buildPath, route, type RouteId } from '../../shared/routes';
import type { ResponseOf } from '../../shared/routes/responses';

export const stack = () => inject('stack');
export const DEMO_PASSWORD = 'Demo-2026!';

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** What a refused call answers (functions/lib/http/errors.ts): the message to show, a code, and for a 400 the issues. */
export interface ErrorBody {
  message: string;
  code?: string;
  issues?: { path: string; message: string }[];
}

/** The body of a refused call (status 400 or more), checked to be an error answer. */
export function errorBody(res: ApiResult): ErrorBody {
  const body = res.body as Partial<ErrorBody> | undefined;
  if (res.status < 400 || typeof body?.message !== 'string') throw new Error(`Expected an error answer, got ${res.status} ${JSON.stringify(res.body)}`);
  return body as ErrorBody;
}

/**
 * A raw call, only for requests the route table (shared/routes) does not describe: malformed or
 * unknown paths, wrong methods, raw or garbled bodies, the attacks of test/security, the fuzz
 * suite, and walks over the whole table by method and path. Every call of a route of the table
 * goes through `callRoute` (test/infra/raw-calls.test.ts fails on a raw call of a route outside
 * test/security and test/support). Its body is `unknown` unless typed (`rawApi<T>`).
 */
export async function rawApi<T = unknown>(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const res = await fetch(`${stack().url}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/**
 * One route of the table by id, as the web's `api(id, …)` calls it: method and path from the
 * table, the body typed by the route's response schema (shared/routes/responses.ts). `headers`
 * adds request headers (the test clock's `x-test-request-time`, a raw content type). `rawApi()`
 * stays for calls the table does not describe (malformed paths, raw bodies, attacks).
 */
export async function callRoute<Id extends RouteId>(
  id: Id,
  opts: { token?: string; params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<ResponseOf<Id>>> {
  const def = route(id);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return rawApi<ResponseOf<Id>>(def.method, `${buildPath(def.path, opts.params)}${q ? `?${q}` : ''}`, { token: opts.token, body: opts.body, headers: opts.headers });
}

/**
 * A query string as `callRoute`'s `query`, for suites that spell their queries as strings
 * (`'filter=all_oh&sort=price;desc'`): a key sent twice is joined with a comma, as the server
 * reads it (infra/local/api-server.ts).
 */
export function queryOf(qs: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(qs)) out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}

/**
 * A time in the middle of a throttle window of the caller's own (`n` picks which), far from the
 * real clock's: sent as `x-test-request-time`, the test stack stamps the request with it
 * (infra/local/api-server.ts), so a suite counting attempts in one window never waits for one.
 */
export function throttleWindowTime(n: number, windowMinutes: number): number {
  const w = windowMinutes * 60_000;
  return (Math.floor(Date.now() / w) + RUN_WINDOWS + n) * w + w / 2;
}
/** Windows of this run: 10,000 to 1,010,000 windows ahead, drawn once (another run of the suite on a kept stack lands elsewhere). */
const RUN_WINDOWS = 10_000 + Math.floor(Math.random() * 1_000_000);
/** The header (infra/local/api-server.ts TEST_CLOCK_HEADER) that names a request's time on the test stack. */
export const TEST_CLOCK_HEADER = 'x-test-request-time';

/**
 * The same call from another source address (any 127.x.y.z is this machine): the server sees it
 * as `requestContext.http.sourceIp`, as API Gateway would for another client.
 */
export async function apiFrom<T = unknown>(address: string, method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return requestFrom<T>(address, method, path, payload, {
    ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  });
}

/** A POST of a body already encoded (multipart, say) from another source address, as apiFrom. */
export async function apiFromRaw<T = unknown>(address: string, path: string, payload: Buffer, contentType: string, token?: string): Promise<ApiResult<T>> {
  return requestFrom<T>(address, 'POST', path, payload, { 'content-type': contentType, 'content-length': String(payload.length), ...(token ? { authorization: `Bearer ${token}` } : {}) });
}

async function requestFrom<T>(address: string, method: string, path: string, payload: string | Buffer | undefined, headers: Record<string, string>): Promise<ApiResult<T>> {
  const http = await import('node:http');
  const { hostname, port } = new URL(stack().url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, method, path: `/api${path}`, localAddress: address, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : typeof v === 'string' ? [v] : []) headers.append(k, one);
          resolve({ status: res.statusCode ?? 0, body: body as T, headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A new session of the demo admin, signed as POST /login/mfa signs one after its code (the run's
 * setup turned its two-step sign-in on through the real calls: test/setup/demo-admin.ts). Each
 * has its own session id, so a test that logs one out ends only that one.
 */
export async function demoAdminSession(): Promise<{ token: string; expiresAt: string; user: DemoAdmin['user'] }> {
  const admin = inject('demoAdmin');
  const key = new TextEncoder().encode(stack().env.JWT_SECRET);
  const token = await new SignJWT({ role: 'ADMIN', brand: null, retailers: [], sv: admin.sv, sid: randomBytes(16).toString('base64url') })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.user._id)
    .setIssuedAt()
    .setExpirationTime(`${AUTH.sessionHours}h`)
    .setAudience('retailer-audit')
    .sign(key);
  return { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: admin.user };
}

/** The demo admin's authenticator app, past the step the run's setup took: for the one test that signs it in through the login page. */
/**
 * Its codes start at the current step, not the one before (which `authenticator` allows): a code of
 * the step before is refused once the next 30 s step begins, and a browser login on a loaded
 * machine can cross that boundary between reading the code and the server checking it.
 */
export const demoAdminApp = (): Authenticator => authenticator(inject('demoAdmin').secret, Math.max(inject('demoAdmin').step, currentStep() - 1));

/** Whether a login is the demo admin's with the demo password (answered by `demoAdminSession`). */
export const isDemoAdminLogin = (email: string, password: string): boolean => email.toLowerCase() === DEMO_ADMIN_EMAIL && password === DEMO_PASSWORD;

const tokens = new Map<string, string>();
/** A POST /login answer that is a session (a user with two-step sign-in gets a challenge instead: issue 26). */
export function asSession(body: ResponseOf<'login'>): Extract<ResponseOf<'login'>, { token: string }> {
  if (!('token' in body)) throw new Error(`expected a session, got a second-step challenge: ${JSON.stringify(body)}`);
  return body;
}

export async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
  const cached = tokens.get(email);
  if (cached && password === DEMO_PASSWORD) return cached;
  if (isDemoAdminLogin(email, password)) {
    const { token } = await demoAdminSession();
    tokens.set(email, token);
    return token;
  }
  const res = await callRoute('login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { token } = asSession(res.body);
  tokens.set(email, token);
  return token;
}

/** Emails the SES emulator holds. */
export interface SentEmail {
  subject: string;
  from?: string;
  replyTo?: string[];
  /** cc and bcc as the emulator read them (from a raw message's headers: no Bcc there). */
  destination: { to: string[]; cc?: string[]; bcc?: string[] };
  body: { html?: string; text?: string };
  /** Attachments of a raw message, content base64. */
  attachments?: { filename?: string; contentType: string; content: string; size: number }[];
}
export async function sentEmails(): Promise<SentEmail[]> {
  const res = await fetch(`${stack().sesUrl}/store`);
  const json = (await res.json()) as { emails: SentEmail[] };
  return json.emails;
}
