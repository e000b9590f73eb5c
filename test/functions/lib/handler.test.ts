import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../../shared/routes';

const SECRET = 'wrapper-test-secret-wrapper-test-secret-0123';

/** The session check reads the user record: these are the users the tokens below belong to. */
interface TestUser {
  _id: string;
  roles: { name: string }[];
  brand: string | null;
  associated_retailers: string[];
  status: string;
  sessionVersion: number;
  policyFlag?: boolean;
  revokedSessions?: Record<string, number>;
  totp?: { enabledAt: string };
}
const users = new Map<string, TestUser>();
vi.mock('../../../functions/users/users.repo', () => ({
  getSessionUser: async (id: string) => users.get(id),
  primaryRole: (u: { roles: { name: string }[] }) => u.roles[0]?.name ?? 'User',
  isRevoked: (u: TestUser, sid: string) => Object.hasOwn(u.revokedSessions ?? {}, sid),
}));
let httpHandler: typeof import('../../../functions/http').httpHandler;
let multipartHttpHandler: typeof import('../../../functions/http').multipartHttpHandler;
let errors: typeof import('../../../functions/lib/http/errors');
let signSession: typeof import('../../../functions/lib/jwt').signSession;

beforeAll(async () => {
  process.env.JWT_SECRET = SECRET;
  ({ httpHandler, multipartHttpHandler } = await import('../../../functions/http'));
  errors = await import('../../../functions/lib/http/errors');
  ({ signSession } = await import('../../../functions/lib/jwt'));
});

const ctx = { awsRequestId: 'req-1' } as Context;
function event(over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return { version: '2.0', routeKey: 'x', rawPath: '/x', rawQueryString: '', headers: {}, requestContext: {} as never, isBase64Encoded: false, ...over };
}
const def = (over: Partial<RouteDef> = {}): RouteDef => ({ id: 't', method: 'POST', path: '/t/{brandId}', handler: 'x', access: 'user', grants: [], ...over });
const bearer = async (role: 'ADMIN' | 'BRAND_ADMIN' | 'User', brand: string | null = 'b1', over: Partial<TestUser> = {}, sid?: string) => {
  const sub = `u-${role}-${brand}${over.policyFlag ? '-terms' : ''}${'totp' in over && !over.totp ? '-no2f' : ''}`;
  // An ADMIN has its second factor (issue 26) unless the test says otherwise.
  users.set(sub, { _id: sub, roles: [{ name: role }], brand, associated_retailers: [], status: 'active', sessionVersion: 0, ...(role === 'ADMIN' ? { totp: { enabledAt: '2026-11-01T00:00:00.000Z' } } : {}), ...over });
  return { authorization: `Bearer ${await signSession({ sub, role, brand, retailers: [], sv: 0, sid })}` };
};

describe('the middy wrapper', () => {
  it('parses JSON, validates with the schema, passes typed input and answers 200 JSON', async () => {
    const h = httpHandler(def({ access: 'public', body: z.object({ n: z.coerce.number() }) }), async ({ body }) => ({ doubled: (body as { n: number }).n * 2 }));
    const res = await h(event({ headers: { 'content-type': 'application/json' }, body: '{"n":"21"}' }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ doubled: 42 });
    expect(res.headers?.['content-type']).toMatch(/application\/json/);
  });

  it('answers 400 with the schema message and every issue', async () => {
    const h = httpHandler(def({ access: 'public', body: z.object({ a: z.string({ error: 'A is required.' }), b: z.string({ error: 'B is required.' }) }) }), async () => ({}));
    const res = await h(event({ headers: { 'content-type': 'application/json' }, body: '{}' }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({
      message: 'A is required.',
      code: 'VALIDATION',
      issues: [
        { path: 'a', message: 'A is required.' },
        { path: 'b', message: 'B is required.' },
      ],
    });
  });

  it('answers 401 without a valid token before looking at the body', async () => {
    const fn = vi.fn(async () => ({}));
    const h = httpHandler(def({ body: z.object({ a: z.string() }) }), fn);
    const res = await h(event({ body: 'not json at all' }), ctx);
    expect(res.statusCode).toBe(401);
    expect(fn).not.toHaveBeenCalled();
  });

  it('answers 403 for a role the route does not allow and for another brand in the path', async () => {
    const adminOnly = httpHandler(def({ access: 'admin' }), async () => ({}));
    expect((await adminOnly(event({ headers: await bearer('BRAND_ADMIN') }), ctx)).statusCode).toBe(403);
    const tenant = httpHandler(def({ tenant: { path: 'brandId' } }), async () => ({ ok: true }));
    expect((await tenant(event({ headers: await bearer('User', 'b1'), pathParameters: { brandId: 'b2' } }), ctx)).statusCode).toBe(403);
    expect((await tenant(event({ headers: await bearer('User', 'b1'), pathParameters: { brandId: 'b1' } }), ctx)).statusCode).toBe(200);
    expect((await tenant(event({ headers: await bearer('ADMIN', null), pathParameters: { brandId: 'b2' } }), ctx)).statusCode).toBe(200);
  });

  it('refuses a logged-out session (its id revoked on the user record) and lets the same user\'s other session in', async () => {
    const h = httpHandler(def({ access: 'user' }), async ({ auth }) => ({ sid: auth.session?.id }));
    const revoked = await bearer('User', 'b1', { revokedSessions: { 'logged-out-session-01': 9e9 } }, 'logged-out-session-01');
    expect((await h(event({ headers: revoked }), ctx)).statusCode).toBe(401);
    const other = await bearer('User', 'b1', { revokedSessions: { 'logged-out-session-01': 9e9 } }, 'still-open-session-01');
    const res = await h(event({ headers: other }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ sid: 'still-open-session-01' });
  });

  it('answers a brand user who has not accepted the terms 403 TERMS_NOT_ACCEPTED, except on the routes open before the terms', async () => {
    const brandData = httpHandler(def({ access: 'user', tenant: { path: 'brandId' } }), async () => ({ ok: true }));
    const pending = await bearer('User', 'b1', { policyFlag: true });
    const refused = await brandData(event({ headers: pending, pathParameters: { brandId: 'b1' } }), ctx);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body!)).toEqual({ message: 'Please accept the Terms & Conditions to continue.', code: 'TERMS_NOT_ACCEPTED' });
    const open = httpHandler(def({ access: 'user', beforeTerms: true }), async () => ({ ok: true }));
    expect((await open(event({ headers: pending }), ctx)).statusCode).toBe(200);
    // Accepted: in. A site ADMIN's flag is not asked.
    expect((await brandData(event({ headers: await bearer('User', 'b1'), pathParameters: { brandId: 'b1' } }), ctx)).statusCode).toBe(200);
    expect((await brandData(event({ headers: await bearer('ADMIN', null, { policyFlag: true }), pathParameters: { brandId: 'b1' } }), ctx)).statusCode).toBe(200);
  });

  it('answers an ADMIN without a second factor 403 SECOND_FACTOR_REQUIRED, except on the routes open before it (its setup, logging out)', async () => {
    const held = await bearer('ADMIN', null, { totp: undefined });
    const adminOnly = httpHandler(def({ access: 'admin' }), async () => ({ ok: true }));
    const refused = await adminOnly(event({ headers: held }), ctx);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body!)).toEqual({ message: 'An admin account needs two-step sign-in. Set it up before anything else.', code: 'SECOND_FACTOR_REQUIRED' });
    const setup = httpHandler(def({ access: 'user', beforeTerms: true, beforeSecondFactor: true }), async () => ({ ok: true }));
    expect((await setup(event({ headers: held }), ctx)).statusCode).toBe(200);
    // A route open before the terms is not open before the second factor.
    expect((await httpHandler(def({ access: 'user', beforeTerms: true }), async () => ({ ok: true }))(event({ headers: held }), ctx)).statusCode).toBe(403);
    // With its factor: in. A brand user without one is not held.
    expect((await adminOnly(event({ headers: await bearer('ADMIN', null) }), ctx)).statusCode).toBe(200);
    expect((await httpHandler(def({ access: 'user' }), async () => ({ ok: true }))(event({ headers: await bearer('BRAND_ADMIN') }), ctx)).statusCode).toBe(200);
  });

  it('maps typed errors to their status and message', async () => {
    const h = httpHandler(def({ access: 'public' }), async () => {
      throw new errors.ConflictError('Already there.');
    });
    const res = await h(event(), ctx);
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Already there.', code: 'CONFLICT' });
  });

  it('never leaks the internals of a 5xx', async () => {
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const h = httpHandler(def({ access: 'public' }), async () => {
      throw new Error('ECONNREFUSED 10.0.0.12:5432 at db.ts:42 password=hunter2');
    });
    const res = await h(event(), ctx);
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe(JSON.stringify({ message: 'Something went wrong, please try again!', code: 'INTERNAL' }));
    // …but logs it, as one JSON line.
    const logged = spy.mock.calls.map((c) => String(c[0])).find((l) => l.includes('unhandled error'));
    expect(JSON.parse(logged!)).toMatchObject({ level: 'ERROR', route: 't', error: { message: expect.stringContaining('ECONNREFUSED') } });
    spy.mockRestore();
  });

  it('refuses to wrap a multipart route without the multipart parser (multipartHttpHandler)', () => {
    expect(() => httpHandler(def({ access: 'public', multipart: true }), async () => ({}))).toThrow(/multipartHttpHandler/);
  });

  it('parses multipart bodies for multipart routes', async () => {
    const h = multipartHttpHandler({ ...def({ access: 'public' }), multipart: true }, async ({ event: e }) => {
      const b = (e as unknown as { parsedBody: Record<string, { filename: string; content: Buffer } | string> }).parsedBody;
      const file = b.file as { filename: string; content: Buffer };
      return { name: b.name, file: file.filename, text: file.content.toString() };
    });
    const boundary = 'XyZ123';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'Ada', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Type: text/plain', '', 'hello', `--${boundary}--`, ''].join('\r\n');
    const res = await h(event({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }), ctx);
    expect(JSON.parse(res.body!)).toEqual({ name: 'Ada', file: 'a.txt', text: 'hello' });
  });
  it('refuses a JSON body over 256 KB with 413 and a clear message, without calling the function', async () => {
    const fn = vi.fn(async () => ({}));
    const h = httpHandler(def({ access: 'public', body: z.object({ s: z.string() }) }), fn);
    const big = JSON.stringify({ s: 'x'.repeat(1_200_000) });
    const res = await h(event({ headers: { 'content-type': 'application/json' }, body: big }), ctx);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body!)).toEqual({ message: 'The request body is too large (at most 256 KB).', code: 'PAYLOAD_TOO_LARGE' });
    const b64 = await h(event({ headers: { 'content-type': 'application/json' }, body: Buffer.from(big).toString('base64'), isBase64Encoded: true }), ctx);
    expect(b64.statusCode).toBe(413);
    expect(fn).not.toHaveBeenCalled();
    // Just under the cap is parsed as usual.
    const ok = await h(event({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ s: 'y'.repeat(200_000) }) }), ctx);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses __proto__, constructor and prototype keys anywhere in a JSON body (400), and no prototype changes', async () => {
    const fn = vi.fn(async () => ({}));
    const h = httpHandler(def({ access: 'public', body: z.object({ a: z.record(z.string(), z.record(z.string(), z.number())) }) }), fn);
    for (const body of ['{"a":{"r":{"__proto__":{"polluted":1}}}}', '{"__proto__":{"polluted":1}}', '{"a":{"constructor":{"prototype":{"polluted":1}}}}', '[{"prototype":1}]']) {
      const res = await h(event({ headers: { 'content-type': 'application/json' }, body }), ctx);
      expect(res.statusCode, body).toBe(400);
      expect(JSON.parse(res.body!), body).toMatchObject({ message: 'Keys named __proto__, constructor or prototype are not allowed.', code: 'VALIDATION' });
    }
    expect(fn).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 (not 500) for deeply nested JSON', async () => {
    const h = httpHandler(def({ access: 'public', body: z.object({ a: z.string() }) }), async () => ({}));
    const deep = '{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    const res = await h(event({ headers: { 'content-type': 'application/json' }, body: deep }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).message).toEqual(expect.any(String));
  });
  it('refuses with 403, before anything else, a request without the origin header CloudFront adds, when an origin secret is set', async () => {
    process.env.ORIGIN_SECRET = 'origin-secret-origin-secret-origin-secret-0123';
    try {
      const fn = vi.fn(async () => ({ ok: true }));
      const h = httpHandler(def({ access: 'public' }), fn);
      const without = await h(event({ headers: {} }), ctx);
      expect(without.statusCode).toBe(403);
      expect(JSON.parse(without.body!)).toEqual({ message: 'You do not have access to this resource.', code: 'FORBIDDEN' });
      expect((await h(event({ headers: { 'X-Origin-Verify': 'origin-secret-origin-secret-origin-secret-0124' } }), ctx)).statusCode).toBe(403);
      expect((await h(event({ headers: { 'X-Origin-Verify': 'short' } }), ctx)).statusCode).toBe(403);
      expect(fn).not.toHaveBeenCalled();
      const through = await h(event({ headers: { 'X-Origin-Verify': 'origin-secret-origin-secret-origin-secret-0123' } }), ctx);
      expect(through.statusCode).toBe(200);
      // A guarded route checks the origin before the token.
      const guarded = httpHandler(def({ access: 'admin' }), fn);
      expect((await guarded(event({ headers: await bearer('ADMIN', null) }), ctx)).statusCode).toBe(403);
    } finally {
      delete process.env.ORIGIN_SECRET;
    }
  });

  /** A response header by name, whatever its case (HTTP's rule; middy's encoder writes `Content-Encoding`). */
  const header = (res: { headers?: Record<string, unknown> }, name: string) => {
    const found = Object.entries(res.headers ?? {}).find(([k]) => k.toLowerCase() === name);
    return found === undefined ? undefined : String(found[1]);
  };

  it('compresses a JSON answer of 1,000 bytes or more for a caller that accepts it (brotli first, then gzip), as CloudFront does not on /api/*', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ _id: `file-${i}`, name: `incoming/homepage/retailer-${i}/homepage-robot.csv` }));
    const h = httpHandler(def({ access: 'public', method: 'GET' }), async () => ({ data: rows }));
    const text = JSON.stringify({ data: rows });
    expect(Buffer.byteLength(text)).toBeGreaterThan(1000);

    const br = await h(event({ headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }), ctx);
    expect(br.statusCode).toBe(200);
    expect(br.isBase64Encoded).toBe(true);
    expect(header(br, 'content-encoding')).toBe('br');
    expect(header(br, 'vary')?.toLowerCase()).toBe('accept-encoding');
    expect(header(br, 'content-type')).toBe('application/json; charset=utf-8');
    const brBytes = Buffer.from(br.body!, 'base64');
    expect(brBytes.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(text);

    const gz = await h(event({ headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } }), ctx);
    expect(header(gz, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(gz.body!, 'base64')).toString('utf8')).toBe(text);

    // Nothing accepted, or every encoding refused: the JSON as it is.
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': '*;q=0' }]) {
      const plain = await h(event({ headers }), ctx);
      expect(plain.isBase64Encoded ?? false).toBe(false);
      expect(header(plain, 'content-encoding')).toBeUndefined();
      expect(plain.body).toBe(text);
    }
  });

  it('leaves small JSON answers, error answers and raw (non-JSON) answers uncompressed', async () => {
    const small = httpHandler(def({ access: 'public', method: 'GET' }), async () => ({ message: 'ok' }));
    const s = await small(event({ headers: { 'accept-encoding': 'br' } }), ctx);
    expect(header(s, 'content-encoding')).toBeUndefined();
    expect(JSON.parse(s.body!)).toEqual({ message: 'ok' });

    const failing = httpHandler(def({ access: 'user', method: 'GET' }), async () => ({}));
    const e = await failing(event({ headers: { 'accept-encoding': 'br' } }), ctx);
    expect(e.statusCode).toBe(401);
    expect(header(e, 'content-encoding')).toBeUndefined();
    expect(JSON.parse(e.body!).code).toBeDefined();

    const csv = 'a,b\n'.repeat(1000);
    const raw = httpHandler(def({ access: 'public', method: 'GET' }), async () => ({ __raw: true as const, raw: true, statusCode: 200, body: csv, headers: { 'content-type': 'text/csv' } }));
    const r = await raw(event({ headers: { 'accept-encoding': 'br' } }), ctx);
    expect(header(r, 'content-encoding')).toBeUndefined();
    expect(r.body).toBe(csv);
  });
});
