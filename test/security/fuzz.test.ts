/**
 * Generated fuzz over EVERY route of the table (fast-check, fixed seed, bounded runs), against the
 * local stack over raw HTTP (so GET requests can carry bodies): wrong types, 1 MB strings,
 * unicode / RTL / zero-width text, JSON 10 000 levels deep, `__proto__`/`constructor` keys,
 * negative / huge / non-numeric paging, malformed %-encoding in path and query, bodies on GET,
 * wrong content types; with an admin token and, where the route allows, brand tokens.
 * Every answer: no 5xx, a JSON body with a `message` on a 4xx, within a time bound.
 *
 * The shared stack must survive: an input that would pass the route's own validation on a
 * mutating route (anything but a GET, and GET /upload/approveStatus) is never sent (counted, and
 * the test checks that most inputs were sent), so the fuzz can only be refused, never write.
 */
import http from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { routes, type RouteDef } from '../../shared/routes';
import { login, stack } from '../support/api';

const SEED = 20_261_123;
const RUNS = 25;
/** Per request, on a loaded 2-core machine. */
const TIME_BOUND_MS = 10_000;

const table = routes as readonly RouteDef[];
/** Routes that change something even when called with GET. */
const MUTATING_GETS = new Set(['approveFile']);
/**
 * POSTs whose only write is short-lived state of the kind every public call writes (the address
 * throttle's counter): a passkey sign-in's challenge (TTL, taken by nobody). They take no input,
 * so they are fuzzed as reads: every input sent.
 */
// A SAML answer's address writes only for an answer signed by the brand's identity provider, which no fuzzed input is: it is sent every input.
const EPHEMERAL_WRITES = new Set(['passkeyLoginOptions', 'ssoSamlAcs']);
const mutating = (r: RouteDef) => (r.method !== 'GET' && !EPHEMERAL_WRITES.has(r.id)) || MUTATING_GETS.has(r.id);

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await login('admin@demo.test');
  tokens.brandAdmin = await login('brandadmin@demo.test');
  tokens.user = await login('user@demo.test');
  // A well-formed token signed with another key: the wrapper must refuse it before reading input.
  const [h, p] = tokens.user.split('.');
  tokens.forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
});

/**
 * A mutating route that reads no input at all (POST /logout) would act on anything a signed-in
 * caller sends, and logging the demo accounts out would break the suites running beside this
 * one: it is fuzzed anonymously and with a forged token only; its effect is tested in
 * test/integration/accounts.test.ts.
 */
const takesNoInput = (r: RouteDef) => !r.body && !r.query && !r.params;
/** Whether the caller gets past authentication, so that a valid input would reach the handler. */
const authenticated = (r: RouteDef, caller: string | undefined) => (caller === undefined ? r.access === 'public' : caller !== 'forged');

/** Who calls a route in the fuzz: an admin always; brand users where the role allows them. */
function callers(r: RouteDef): (string | undefined)[] {
  if (r.access !== 'public' && mutating(r) && takesNoInput(r)) return [undefined, 'forged'];
  if (r.access === 'public') return [undefined, 'admin'];
  if (r.access === 'admin') return ['admin'];
  if (r.access === 'brandAdmin') return ['admin', 'brandAdmin'];
  return ['admin', 'brandAdmin', 'user'];
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

/** One raw HTTP request (a GET may carry a body; the path is sent exactly as given). */
function send(method: string, rawPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(stack().url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: `/api${rawPath}`, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }));
    });
    req.setTimeout(TIME_BOUND_MS, () => req.destroy(new Error(`no answer within ${TIME_BOUND_MS} ms: ${method} ${rawPath.slice(0, 200)}`)));
    req.on('error', reject);
    req.end(body);
  });
}

// ── Generators ────────────────────────────────────────────────────────────────
const MB = 1_000_000;
const SPECIAL_TEXT = ['\u202Eevil\u202C', 'a\u200Bb\u200Dc\uFEFF', '\u0000', 'שלום عربى', 'e\u0301\u0301\u0301', '😀👩‍👩‍👧', '\uD800', ' ', '', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '${7*7}'];
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom(...SPECIAL_TEXT));
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }), text);
const BODY_KEYS = ['email', 'password', 'userName', 'firstName', 'lastName', 'company', '_id', 'seenFlag', 'policyFlag', 'thresholds', 'emailAlerts', 'ignoreImageData', 'version', 'oh_map_id', 'brand_sku', 'product'];
const deepJson = (depth: number) => '{"a":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...BODY_KEYS), wrongType, { maxKeys: 5 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      deepJson(10_000),
      JSON.stringify({ email: 'x'.repeat(MB), password: 'y', thresholds: 'z'.repeat(MB) }),
      JSON.stringify({ s: '\u200B'.repeat(MB / 4) }),
      '{"__proto__":{"isAdmin":true},"_id":"x"}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"thresholds":{"product":{"__proto__":{"Name":5}}}}',
      'not json at all',
      '{"unterminated":',
      '',
      'null',
      '[]',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zzz', 'application/xml', undefined];
const PAGING = ['-1', '0', '-0', '1.5', '1e309', 'NaN', 'Infinity', '99999999999999999999', 'abc', '', ' 1', '0x10', '1,2'];
const MALFORMED = ['%', '%E0%A4%A', '%ZZ', '%C0%AF', '%00'];
/** encodeURIComponent, but a lone surrogate becomes its (invalid UTF-8) bytes instead of throwing. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};
const REAL_IDS = ['brand-maison-aurelle', 'brand-castellane', 'ret-harrowgate', 'ret-lumiere', 'user-user', 'threshold', 'some-id'];
/** A path segment: sent encoded, raw malformed, or a real id. */
const segment = fc.oneof(
  { weight: 3, arbitrary: text.map((s) => enc(s.slice(0, 2000)) || 'x') },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 2, arbitrary: fc.constantFrom(...REAL_IDS) },
  { weight: 1, arbitrary: fc.constant(encodeURIComponent('a/b')) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(4000)) },
);
const QUERY_KEYS = ['page', 'limit', 'sort', 'brand', 'retailerId', 'serialNo', 'id', 'retailer', 'retailer_brand_scraping', '_id', 'token', 'user', 'filter', 'search', 'flag', 'approvedStatus', 'fileName', 'name', 'tab', 'price_diff'];
const queryValue = (k: string) =>
  fc.oneof(
    // Sent as a raw request path: a space (' 1') is percent-encoded, as a client sends it.
    { weight: k === 'page' || k === 'limit' ? 4 : 1, arbitrary: fc.constantFrom(...PAGING).map((v) => v.replace(/ /g, '%20')) },
    { weight: 2, arbitrary: text.map(enc) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 1, arbitrary: fc.constantFrom(...REAL_IDS) },
  );
const query = fc
  .array(fc.constantFrom(...QUERY_KEYS), { maxLength: 5 })
  .chain((keys) => fc.tuple(...keys.map((k) => queryValue(k).map((v) => `${k}=${v}`))))
  .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));

// ── What the route would accept: such inputs are not sent to a mutating route ────────────────
const decodes = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};
const passes = (schema: ZodType | undefined, value: unknown) => !schema || schema.safeParse(value ?? {}).success;

function wouldBeAccepted(r: RouteDef, segments: string[], q: string, b: string | undefined, ct: string | undefined): boolean {
  const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params: Record<string, string> = {};
  for (const [i, n] of names.entries()) {
    const v = decodes(segments[i]!);
    if (v === undefined) return false;
    params[n] = v;
  }
  let parsedQuery: Record<string, string>;
  try {
    parsedQuery = Object.fromEntries(new URLSearchParams(q.slice(1)));
  } catch {
    return false;
  }
  let parsedBody: unknown;
  if (b && !(ct ?? '').startsWith('multipart/form-data') && ((ct ?? '').includes('json') || !ct)) {
    try {
      parsedBody = JSON.parse(b);
    } catch {
      return false;
    }
  }
  // When in doubt (a body the wrapper would refuse for its size or keys), count it as accepted: not sent.
  return passes(r.body, parsedBody) && passes(r.query, Object.keys(parsedQuery).length ? parsedQuery : undefined) && passes(r.params, names.length ? params : undefined);
}

describe.each(table.map((r) => [`${r.method} ${r.path}`, r] as const))('fuzz %s', (_name, r) => {
  const nParams = [...r.path.matchAll(/\{(\w+)\}/g)].length;

  it.each(callers(r).map((c) => [c ?? 'anonymous', c] as const))('as %s: no 5xx, a JSON message on every 4xx, an answer in time', async (_who, caller) => {
    let sent = 0;
    let withheld = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: nParams, maxLength: nParams }), query, body, fc.constantFrom(...CONTENT_TYPES), async (segments, q, b, ct) => {
        if (mutating(r) && authenticated(r, caller) && wouldBeAccepted(r, segments, q, b, ct)) {
          withheld++;
          return;
        }
        let i = 0;
        const p = r.path.replace(/\{\w+\}/g, () => segments[i++]!);
        const headers: Record<string, string> = {};
        if (ct) headers['content-type'] = ct;
        if (caller) headers.authorization = `Bearer ${tokens[caller]}`;
        const res = await send(r.method, p + q, headers, b);
        sent++;
        const what = `${r.method} ${(p + q).slice(0, 300)} body=${String(b).slice(0, 120)} ct=${ct} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        expect(res.ms, what).toBeLessThan(TIME_BOUND_MS);
        if (res.status >= 400) {
          expect(res.contentType, what).toMatch(/application\/json/);
          const parsed = JSON.parse(res.text) as { message?: unknown };
          expect(typeof parsed.message === 'string' && parsed.message.length > 0, what).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // Nothing is skipped silently: nearly every generated input is sent.
    expect(sent + withheld).toBe(RUNS);
    expect(sent, `${withheld} inputs withheld as valid for a mutating route`).toBeGreaterThanOrEqual(RUNS - 3);
  });
});
