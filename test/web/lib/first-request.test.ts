/**
 * The post-office list's first read starts in the pre-entry script (web/vite.config.ts
 * `preloadScript`, `FIRST_REQUESTS`) while the app's code downloads, and the app's own first GET of
 * the same URL with the same token takes its answer instead of asking again: one request, sooner.
 * Anything else (another URL, another token, a page opened with a query, no session, an answer
 * older than 10 s) goes to the network as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REQUESTS, preloadScript } from '../../../web/vite.config';
import { getFiles } from '../../../web/src/features/post-office/api/get-files';
import { readListQuery } from '../../../web/src/features/post-office/list-query';
import { apiRequest } from '../../../web/src/lib/api-client';
import { AUTH_KEY, clearSession, setSession, type Session } from '../../../web/src/lib/session';

const calls: { url: string; init: RequestInit }[] = [];
const session = { token: 'tok-admin', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: { _id: 'u1', roles: ['ADMIN'] }, actingBrand: null } as unknown as Session;
const page = { data: [], totalCount: 0, nextCursor: null };

/** Runs the pre-entry script as the browser would on `path` (with `search`). */
function openPage(path: string, search = '') {
  window.history.replaceState(null, '', `${path}${search}`);
  new Function(preloadScript({}, FIRST_REQUESTS))();
}

beforeEach(() => {
  calls.length = 0;
  delete window.__firstRequest;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  setSession(session);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  delete window.__firstRequest;
  window.history.replaceState(null, '', '/');
});

describe('the first read of the post-office list', () => {
  it('is the URL the list asks for when it opens with no query', async () => {
    await getFiles(readListQuery(new URLSearchParams()));
    expect(calls.map((c) => c.url)).toEqual([FIRST_REQUESTS['/admin/post-office']]);
  });

  it("starts in the pre-entry script with the stored session's token, and the list's first read takes its answer: one request", async () => {
    openPage('/admin/post-office');
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.init.headers as Record<string, string>).get('authorization')).toBe('Bearer tok-admin');
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY)!).token).toBe('tok-admin');

    const out = await getFiles(readListQuery(new URLSearchParams()));
    expect(out).toEqual(page);
    expect(calls).toHaveLength(1);
    // Once: the next read (a revalidation) asks the server.
    await getFiles(readListQuery(new URLSearchParams()));
    expect(calls).toHaveLength(2);
  });

  it('is not started for a page opened with a query, another page, or without a session', () => {
    openPage('/admin/post-office', '?flag=caution');
    openPage('/admin/post-office/settings');
    clearSession();
    openPage('/admin/post-office');
    expect(calls).toEqual([]);
    expect(window.__firstRequest).toBeUndefined();
  });

  it('is not handed to a read with another token or another URL, nor after 10 s', async () => {
    openPage('/admin/post-office');
    const url = FIRST_REQUESTS['/admin/post-office']!;
    await apiRequest('GET', '/getFiles', { query: { sort: 'name;asc', page: 1, limit: 25 } });
    await apiRequest('GET', '/getFiles', { query: { sort: 'date;desc', page: 1, limit: 25 }, token: 'another-token' });
    expect(calls).toHaveLength(3);
    expect(window.__firstRequest?.url).toBe(url);

    window.__firstRequest!.at = Date.now() - 11_000;
    await getFiles(readListQuery(new URLSearchParams()));
    expect(calls).toHaveLength(4);
    expect(window.__firstRequest).toBeUndefined();
  });
});
