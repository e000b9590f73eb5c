/**
 * The one HTTP client of the SPA: JSON in and out, the bearer token of the session, and every
 * non-2xx answer turned into an `ApiError` (no response at all: `NetworkError`). What the user
 * sees about an error is decided in `handle-error.ts`, nowhere else, except one answer: a 403
 * `TERMS_NOT_ACCEPTED` (a brand user who has not accepted the terms) opens /privacypolicy here,
 * whichever call met it, and the stored user is marked as having the terms to accept; a 403
 * `SECOND_FACTOR_REQUIRED` (an ADMIN without a second factor) opens /admin/security the same way.
 */
import type * as z from 'zod';
import routeIndex from 'virtual:route-index';
import type { Route, RouteId } from '@shared/routes';
import { buildPath, type Method } from '@shared/routes/define';
import type { ResponseOf } from '@shared/routes/responses';
import { SECOND_FACTOR_REQUIRED, TERMS_NOT_ACCEPTED } from '@shared/constants';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { ApiError, NetworkError } from './api-error';
import { takeFirstRequest } from './first-request';
import { portalToken } from './portal-session';
import { navigateTo } from './navigation';
import { getSession, updateSession } from './session';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  /** Path parameters for the route path's `{param}` segments. */
  params?: Record<string, string>;
  query?: Query;
  body?: unknown;
  /** Send the session's bearer token (default true; public auth calls send none). */
  auth?: boolean;
  /** The token to send instead of the stored session's (a logout, once the session is cleared). */
  token?: string;
  signal?: AbortSignal;
}

export function apiUrl(path: string, opts: Pick<RequestOptions, 'params' | 'query'> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const q = qs.toString();
  return `${env.apiUrl}${buildPath(path, opts.params)}${q ? `?${q}` : ''}`;
}

function parseBody(text: string, contentType: string): unknown {
  if (!text) return undefined;
  if (contentType.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function apiRequest<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (multipart) sets its own content type with its boundary.
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  // On the B2B portal page its session's token, never a signed-in user's.
  const token = opts.auth === false ? undefined : (opts.token ?? portalToken() ?? getSession()?.token);
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    const url = apiUrl(path, opts);
    const init: RequestInit = {
      method,
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    };
    res = await (takeFirstRequest(method, url, token) ?? fetch(url, init));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new NetworkError((e as Error).message);
  }
  const body = parseBody(await res.text(), res.headers.get('content-type') ?? '');
  if (!res.ok) {
    const error = new ApiError(res.status, body);
    if (error.status === 403 && error.code === TERMS_NOT_ACCEPTED) termsToAccept();
    if (error.status === 403 && error.code === SECOND_FACTOR_REQUIRED) secondFactorFirst();
    throw error;
  }
  return body as T;
}

/** The server says the terms come first: the stored user must accept them (the guards follow), and the terms page opens. */
function termsToAccept(): void {
  const session = getSession();
  if (session && session.user.policyFlag !== true) updateSession({ user: { ...session.user, policyFlag: true } });
  navigateTo(paths.privacyPolicy, { replace: true });
}

/** The server says an admin's second factor comes first (issue 26): the session is marked, and the security page opens. */
function secondFactorFirst(): void {
  const session = getSession();
  if (session && !session.secondFactorRequired) updateSession({ secondFactorRequired: true });
  navigateTo(paths.admin.security, { replace: true });
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOf<Id extends RouteId, K extends 'params' | 'query' | 'body'> = Route<Id> extends { [P in K]: infer S } ? S : never;
type Has<Id extends RouteId, K extends 'params' | 'query' | 'body'> = Route<Id> extends { [P in K]: z.ZodType } ? true : false;

/** A route's request, typed by its schemas in the route table (path parameters, query, body). */
export type ApiOptions<Id extends RouteId> = Pick<RequestOptions, 'auth' | 'token' | 'signal'> &
  (Has<Id, 'params'> extends true ? { params: Record<keyof InputOf<SchemaOf<Id, 'params'>>, string> } : { params?: never }) &
  (Has<Id, 'query'> extends true ? { query?: InputOf<SchemaOf<Id, 'query'>> } : { query?: never }) &
  (Has<Id, 'body'> extends true ? { body: InputOf<SchemaOf<Id, 'body'>> } : { body?: never });

type ApiArgs<Id extends RouteId> = Has<Id, 'params'> extends true ? [opts: ApiOptions<Id>] : Has<Id, 'body'> extends true ? [opts: ApiOptions<Id>] : [opts?: ApiOptions<Id>];

/**
 * The typed client: one route of the table by id, its request typed by the route's schemas and
 * its data by the route's response schema (shared/routes/responses.ts):
 * `api('listFiles', { query })` → `Promise<{ data: PoFile[]; totalCount: number }>`.
 * The session's token is sent unless the route is public or `auth: false`.
 */
export function api<Id extends RouteId>(id: Id, ...[opts]: ApiArgs<Id>): Promise<ResponseOf<Id>> {
  const def = routeIndex[id];
  if (!def) throw new Error(`Unknown route ${id}`);
  const [method, path, access] = def;
  const o = (opts ?? {}) as RequestOptions;
  return apiRequest<ResponseOf<Id>>(method, path, { ...o, query: o.query as Query | undefined, auth: o.auth ?? access !== 'public' });
}

type MultipartId = Extract<Route, { multipart: true }>['id'];

/** A multipart route (`multipart: true` in the table) with its form: `apiForm('contactRetailer', form, { query })`. */
export function apiForm<Id extends MultipartId>(id: Id, form: FormData, opts: Pick<ApiOptions<Id>, 'query' | 'signal'> & { params?: Record<string, string> } = {}): Promise<ResponseOf<Id>> {
  const def = routeIndex[id];
  if (!def) throw new Error(`Unknown route ${id}`);
  const [method, path] = def;
  return apiRequest<ResponseOf<Id>>(method, path, { params: opts.params, query: opts.query as Query | undefined, body: form, signal: opts.signal });
}
