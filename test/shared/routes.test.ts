import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, routes, type RouteDef } from '../../shared/routes';

const root = path.resolve(__dirname, '../..');
/** The spec's calls, kept in the repository (method, path, what it does). */
const callsFile = path.join(root, 'docs/api-calls.tsv');
const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
const key = (c: { method: string; path: string }) => `${c.method} ${norm(c.path)}`;

function specCalls(): { method: string; path: string; description: string }[] {
  return readFileSync(callsFile, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [method = '', p = '', description = ''] = line.split('\t');
      return { method, path: p, description };
    });
}

/**
 * Spec calls without a route yet, each with the issue that adds it. Only ever shrinks: a call
 * routed while still listed fails the test (remove it here), and so does a call missing from both.
 */
const NOT_YET_ROUTED: Record<string, number> = {};

describe('the route table against the spec calls (docs/api-calls.tsv)', () => {
  const spec = specCalls();
  const table = routes as readonly RouteDef[];
  const routed = new Set(table.map(key));

  it('reads a well-formed list of calls: a method, a path and a description on each line, no call twice', () => {
    expect(spec.length).toBeGreaterThan(60);
    for (const c of spec) {
      expect(['GET', 'POST', 'PUT', 'DELETE'], JSON.stringify(c)).toContain(c.method);
      expect(c.path, JSON.stringify(c)).toMatch(/^\/[A-Za-z_/{}]+$/);
      expect(c.description.length, JSON.stringify(c)).toBeGreaterThan(5);
    }
    expect(new Set(spec.map(key)).size).toBe(spec.length);
  });

  it('has a route for every spec call, except those listed as not yet routed (with their issue)', () => {
    const missing = spec.filter((c) => !routed.has(key(c)) && !(`${c.method} ${c.path}` in NOT_YET_ROUTED));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it('lists as not yet routed only spec calls that still have no route (the list only shrinks)', () => {
    const inSpec = new Set(spec.map((c) => `${c.method} ${c.path}`));
    for (const [call, issue] of Object.entries(NOT_YET_ROUTED)) {
      expect(inSpec.has(call), `${call} is not a spec call`).toBe(true);
      const [method = '', p = ''] = call.split(' ');
      expect(routed.has(key({ method, path: p })), `${call} has a route now: remove it from NOT_YET_ROUTED`).toBe(false);
      expect([8, 9, 10, 11], call).toContain(issue);
    }
  });

  it('has no route the spec does not name, unless it says why', () => {
    const extra = table.filter((r) => !spec.some((c) => c.method === r.method && norm(c.path) === norm(r.path)) && !r.notInSpec);
    expect(extra.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('has unique ids and unique method+path pairs', () => {
    expect(new Set(table.map((r) => r.id)).size).toBe(table.length);
    expect(new Set(table.map((r) => `${r.method} ${norm(r.path)}`)).size).toBe(table.length);
  });

  it('points every route at a handler module that exists and exports handler', async () => {
    for (const r of table) {
      expect(existsSync(path.join(root, r.handler)), r.handler).toBe(true);
      const wrapper = r.multipart ? 'multipartHttpHandler' : 'httpHandler';
      expect(readFileSync(path.join(root, r.handler), 'utf8')).toMatch(new RegExp(`export const handler = ${wrapper}\\(route\\('${r.id}'\\)`));
    }
  });

  it('names the route it serves in each handler (one route, one handler)', () => {
    for (const r of table) {
      expect(readFileSync(path.join(root, r.handler), 'utf8'), r.handler).toContain(`route('${r.id}')`);
    }
  });
});

describe('matchRoute and buildPath', () => {
  it('matches paths with parameters and decodes them', () => {
    const m = matchRoute('PUT', '/updateUserPolicy/user%2D1');
    expect(m?.route.id).toBe('updateUserPolicy');
    expect(m?.params).toEqual({ userId: 'user-1' });
  });
  it('does not match another method or a longer path', () => {
    expect(matchRoute('GET', '/updateUserPolicy/x')).toBeUndefined();
    expect(matchRoute('POST', '/login/extra')).toBeUndefined();
  });
  it('fills and encodes path parameters', () => {
    expect(buildPath('/updateUserPolicy/{userId}', { userId: 'a b' })).toBe('/updateUserPolicy/a%20b');
    expect(() => buildPath('/updateUserPolicy/{userId}')).toThrow(/Missing path parameter userId/);
  });
});
