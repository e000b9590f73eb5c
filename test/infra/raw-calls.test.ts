/**
 * The route table is the whole truth of the API (issue 23): a test calls a route of the table
 * through `callRoute(id, …)` (test/support/api.ts), typed by the route's response, never by
 * spelling its method and path. `rawApi` stays for what the table does not describe (malformed or
 * unknown paths, wrong methods, garbled bodies) and for the attacks of test/security. This scans
 * every test file outside test/security and test/support for `rawApi('METHOD', '/literal path…'`
 * (a template's `${…}` stands for one path segment) and fails on one that names a route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';
import { matchRoute } from '../../shared/routes';

const TEST_ROOT = path.join(REPO_ROOT, 'test');
/** Where raw calls of real routes are the point: the attacks, and the helpers themselves (and this file's own samples). */
const EXEMPT = ['security', 'support'].map((d) => path.join(TEST_ROOT, d) + path.sep);
const SELF = path.join(TEST_ROOT, 'infra', 'raw-calls.test.ts');

/** `rawApi('GET', '/path…'` or `rawApi<T>(\n 'POST', `/path/${id}…`: the method, and the path literal's text (to its closing quote). */
const RAW_CALL = /\brawApi\s*(?:<[^>]*>)?\s*\(\s*'(GET|POST|PUT|DELETE|PATCH)'\s*,\s*(?:'([^']*)'|`((?:[^`\\]|\\.)*)`)/g;

/** A template's text with each `${…}` (nested braces and all) as one placeholder segment value. */
function withPlaceholders(template: string): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] === '$' && template[i + 1] === '{') {
      let depth = 0;
      let j = i + 1;
      for (; j < template.length; j++) {
        if (template[j] === '{') depth++;
        else if (template[j] === '}' && --depth === 0) break;
      }
      out += 'x';
      i = j;
    } else out += template[i];
  }
  return out;
}

interface RawCall {
  line: number;
  method: string;
  path: string;
  route?: string;
}

/** The raw calls of a source text with a literal method and path, each with the route it names (if any). */
function rawCallsOf(source: string): RawCall[] {
  const calls: RawCall[] = [];
  for (const m of source.matchAll(RAW_CALL)) {
    const literal = m[2] ?? withPlaceholders(m[3]!);
    const pathOnly = literal.split('?')[0]!;
    const line = source.slice(0, m.index).split('\n').length;
    calls.push({ line, method: m[1]!, path: literal, route: matchRoute(m[1]!, pathOnly)?.route.id });
  }
  return calls;
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('tests call the routes of the table through callRoute (issue 23)', () => {
  it('finds a raw call of a route, in any of its spellings, and leaves what the table does not describe', () => {
    const src = [
      "await rawApi('GET', '/getFiles?limit=1', { token });",
      'await rawApi<{ data: unknown[] }>(\n  "x",\n);',
      "await rawApi<{ data: unknown[] }>(\n  'PUT',\n  `/retailerBrandProductScrapings/${ids.of(p, { a: 1 })}`, { body });",
      "await rawApi('GET', '/definitely/not/a/route');",
      "await rawApi('PATCH', '/getFiles');",
      "await rawApi('GET', path, { token });",
    ].join('\n');
    expect(rawCallsOf(src).map((c) => [c.line, c.method, c.route])).toEqual([
      [1, 'GET', 'listFiles'],
      [5, 'PUT', 'updateProductScraping'],
      [8, 'GET', undefined],
      [9, 'PATCH', undefined],
    ]);
  });

  it('no test outside test/security and test/support calls a route of the table with rawApi', () => {
    const offenders = testFiles(TEST_ROOT)
      .filter((f) => f !== SELF && !EXEMPT.some((d) => f.startsWith(d)))
      .flatMap((f) =>
        rawCallsOf(fs.readFileSync(f, 'utf8'))
          .filter((c) => c.route)
          .map((c) => `${path.relative(REPO_ROOT, f)}:${c.line} ${c.method} ${c.path} is route '${c.route}': call it with callRoute('${c.route}', { params, query, … })`),
      );
    expect(offenders).toEqual([]);
  });
});
