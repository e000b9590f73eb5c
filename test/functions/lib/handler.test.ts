import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { z } from 'zod';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../../shared/routes';

const SECRET = 'wrapper-test-secret-wrapper-test-secret-0123';

/** The session check reads the user record: these are the users the tokens below belong to. */
const users = new Map<string, { _id: string; roles: { name: string }[]; brand: string | null; associated_retailers: string[]; status: string; sessionVersion: number }>();
vi.mock('../../../functions/users/users.repo', () => ({
  getSessionUser: async (id: string) => users.get(id),
  primaryRole: (u: { roles: { name: string }[] }) => u.roles[0]?.name ?? 'User',
}));
let httpHandler: typeof import('../../../functions/lib/http/handler').httpHandler;
let errors: typeof import('../../../functions/lib/http/errors');
let signSession: typeof import('../../../functions/lib/jwt').signSession;

beforeAll(async () => {
  process.env.JWT_SECRET = SECRET;
  ({ httpHandler } = await import('../../../functions/lib/http/handler'));
  errors = await import('../../../functions/lib/http/errors');
  ({ signSession } = await import('../../../functions/lib/jwt'));
});

const ctx = { awsRequestId: 'req-1' } as Context;
function event(over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return { version: '2.0', routeKey: 'x', rawPath: '/x', rawQueryString: '', headers: {}, requestContext: {} as never, isBase64Encoded: false, ...over };
}
const def = (over: Partial<RouteDef> = {}): RouteDef => ({ id: 't', method: 'POST', path: '/t/{brandId}', handler: 'x', access: 'user', grants: [], ...over });
const bearer = async (role: 'ADMIN' | 'BRAND_ADMIN' | 'User', brand: string | null = 'b1') => {
  const sub = `u-${role}-${brand}`;
  users.set(sub, { _id: sub, roles: [{ name: role }], brand, associated_retailers: [], status: 'active', sessionVersion: 0 });
  return { authorization: `Bearer ${await signSession({ sub, role, brand, retailers: [], sv: 0 })}` };
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
    expect(JSON.parse(logged!)).toMatchObject({ level: 'error', route: 't', error: { message: expect.stringContaining('ECONNREFUSED') } });
    spy.mockRestore();
  });

  it('parses multipart bodies for multipart routes', async () => {
    const h = httpHandler(def({ access: 'public', multipart: true }), async ({ event: e }) => {
      const b = (e as unknown as { parsedBody: Record<string, { filename: string; content: Buffer } | string> }).parsedBody;
      const file = b.file as { filename: string; content: Buffer };
      return { name: b.name, file: file.filename, text: file.content.toString() };
    });
    const boundary = 'XyZ123';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'Ada', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Type: text/plain', '', 'hello', `--${boundary}--`, ''].join('\r\n');
    const res = await h(event({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }), ctx);
    expect(JSON.parse(res.body!)).toEqual({ name: 'Ada', file: 'a.txt', text: 'hello' });
  });
});
