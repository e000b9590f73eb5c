/**
 * The typed client `api(id, …)`: the route table decides method, path and whether the session's
 * token goes along; path parameters fill the route's path, the query its search string, and a
 * non-2xx answer is an ApiError with the server's message.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api } from '../../../web/src/lib/api-client';
import { ApiError } from '../../../web/src/lib/api-error';
import { startPortal, stopPortal } from '../../../web/src/lib/portal-session';
import { setNavigator } from '../../../web/src/lib/navigation';
import { clearSession, getSession, setSession, type Session } from '../../../web/src/lib/session';

const calls: { url: string; init: RequestInit }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: {} };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  setSession({ token: 'tok-1', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: { _id: 'u1' }, actingBrand: null } as unknown as Session);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const headersOf = (i: number) => new Headers(calls[i]!.init.headers as Record<string, string>);

describe('api(id, …): the typed client of the route table', () => {
  it("calls the route's method and path, fills its path parameters and returns the answer's data", async () => {
    answer.body = { samePeriodFiles: [] };
    const data = await api('samePeriodFiles', { params: { fId: 'f/1' } });
    expect(data).toEqual({ samePeriodFiles: [] });
    expect(calls[0]!.init.method).toBe('GET');
    expect(new URL(calls[0]!.url, 'http://x').pathname).toMatch(/\/samePeriodFiles\/f%2F1$/);
    expect(headersOf(0).get('authorization')).toBe('Bearer tok-1');
  });

  it('puts the query in the search string and sends a body as JSON', async () => {
    await api('getFileData', { params: { fId: 'f1' }, query: { page: 3 } });
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('page')).toBe('3');
    await api('markNeedsAttention', { body: { _id: 'f1' } });
    expect(calls[1]!.init.method).toBe('POST');
    expect(calls[1]!.init.body).toBe(JSON.stringify({ _id: 'f1' }));
    expect(headersOf(1).get('content-type')).toBe('application/json');
  });

  it("on the B2B portal page sends the portal's token, never the signed-in user's; after it, the user's again", async () => {
    startPortal('portal-tok', () => undefined);
    try {
      await api('listRetailerPeriods', { params: { brandId: 'b', retailerId: 'r' } });
      await api('validateToken', { query: { token: 'abc' } });
    } finally {
      stopPortal();
    }
    await api('listRetailerPeriods', { params: { brandId: 'b', retailerId: 'r' } });
    expect(headersOf(0).get('authorization')).toBe('Bearer portal-tok');
    expect(headersOf(1).get('authorization')).toBeNull();
    expect(headersOf(2).get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no token to a public route, even with a session', async () => {
    await api('validateToken', { query: { token: 'abc' } });
    expect(headersOf(0).get('authorization')).toBeNull();
  });

  it("turns a non-2xx answer into an ApiError carrying the server's status and message", async () => {
    answer = { status: 409, body: { message: 'The file is being approved.', code: 'CONFLICT' } };
    const err = await api('approveFile', { query: { _id: 'f1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect(JSON.stringify((err as ApiError).body)).toContain('The file is being approved.');
  });

  it('a 403 TERMS_NOT_ACCEPTED from any call opens /privacypolicy and marks the stored user as having the terms to accept (issue 20 §7)', async () => {
    const went: string[] = [];
    setNavigator((to, opts) => went.push(`${to}${opts?.replace ? ' (replace)' : ''}`));
    setSession({ token: 'tok-1', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: { _id: 'u1', roles: [], policyFlag: false }, actingBrand: null } as unknown as Session);
    answer = { status: 403, body: { message: 'Please accept the Terms & Conditions to continue.', code: 'TERMS_NOT_ACCEPTED' } };
    const err = await api('listRetailerScrapings', { params: { brandId: 'b1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('TERMS_NOT_ACCEPTED');
    expect(went).toEqual(['/privacypolicy (replace)']);
    expect(getSession()?.user.policyFlag).toBe(true);
    // Any other 403 goes nowhere by itself.
    answer = { status: 403, body: { message: 'You do not have access to this resource.', code: 'FORBIDDEN' } };
    await api('listRetailerScrapings', { params: { brandId: 'b2' } }).catch(() => undefined);
    expect(went).toHaveLength(1);
  });

  it('a 403 SECOND_FACTOR_REQUIRED from any call opens /admin/security and marks the session as held there (issue 26)', async () => {
    const went: string[] = [];
    setNavigator((to, opts) => went.push(`${to}${opts?.replace ? ' (replace)' : ''}`));
    setSession({ token: 'tok-2', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: { _id: 'a1', roles: [{ name: 'ADMIN' }], policyFlag: false }, actingBrand: null } as unknown as Session);
    answer = { status: 403, body: { message: 'An admin account needs two-step sign-in. Set it up before anything else.', code: 'SECOND_FACTOR_REQUIRED' } };
    const err = await api('getFlagValues').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('SECOND_FACTOR_REQUIRED');
    expect(went).toEqual(['/admin/security (replace)']);
    expect(getSession()?.secondFactorRequired).toBe(true);
  });

  it('types the data by the route and the request by its schemas (checked by tsc)', () => {
    expectTypeOf(api<'getFlagValues'>).returns.resolves.toEqualTypeOf<Record<'require_review' | 'caution' | 'unflagged', number>>();
    expectTypeOf(api<'approveFile'>).returns.resolves.toEqualTypeOf<{ success: boolean; message: string }>();
    // @ts-expect-error a route with path parameters needs them
    expectTypeOf(() => api('getFile')).toBeFunction();
    // @ts-expect-error the body is the route's body schema
    expectTypeOf(() => api('markNeedsAttention', { body: { id: 'f1' } })).toBeFunction();
  });
});
