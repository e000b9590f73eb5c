import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { buildPath, matchRoute, routes, type RouteDef } from '../../shared/routes';

const root = path.resolve(__dirname, '../..');
const specFile = path.resolve(root, '../shared/spec/endpoints.tsv');
const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

function specCalls(): { method: string; path: string }[] {
  return readFileSync(specFile, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [method = '', p = ''] = line.split('\t');
      return { method, path: p };
    });
}

describe('the route table against the spec (endpoints.tsv)', () => {
  const spec = specCalls();
  const table = routes as readonly RouteDef[];

  it('lists the spec calls that have no route yet', () => {
    const missing = spec.filter((c) => !table.some((r) => r.method === c.method && norm(r.path) === norm(c.path)));
    // Printed so every run shows how far the table is; the number only ever goes down.
    console.info(`Spec calls not yet in shared/routes.ts: ${missing.length} of ${spec.length}\n` + missing.map((c) => `  ${c.method} ${c.path}`).join('\n'));
    expect(missing.length).toBeLessThan(spec.length);
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
      expect(readFileSync(path.join(root, r.handler), 'utf8')).toMatch(/export const handler = httpHandler\(route\('/);
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
