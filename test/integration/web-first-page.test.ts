/**
 * What every first page loads (issue 7 §5): the build the stack serves (infra/local/start.ts builds
 * web/dist when its sources changed) must not put a library that only some screens use into the
 * entry's static import graph or its stylesheets. The catch-all `vendor` chunk group of
 * web/vite.config.ts takes any new library unless it is grouped: Quill once, the month and colour
 * pickers later (48 KB gzip of JS and a 22 KB render-blocking stylesheet on /login). The common
 * passwords' list (issue 36, ~380 KB) is the server's alone: in no chunk at all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

/** Libraries loaded on demand by the screens that use them. */
const ON_DEMAND = ['react-datepicker', 'date-fns', '@floating-ui', 'react-colorful', 'quill', 'parchment', 'sanitize-html', 'htmlparser2', 'exceljs', 'papaparse', 'downshift', 'uplot'];

const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];

/** The entry script and every chunk it imports statically (not `import()`), transitively. */
function staticGraph(html: string): string[] {
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry in web/dist/index.html');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]!);
  };
  visit(entry);
  return [...seen];
}

function packagesIn(file: string): Set<string> {
  const mapFile = path.join(dist, 'assets', `${file}.map`);
  // The bundler's runtime helper has no map (and no library in it).
  if (!existsSync(mapFile)) return new Set();
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return new Set(map.sources.map(packageOf).filter((p): p is string => !!p));
}

describe('the first page of the web build', () => {
  it('has a build to check (the stack built web/dist)', () => {
    expect(existsSync(path.join(dist, 'index.html'))).toBe(true);
  });

  it('loads no on-demand library with the entry script', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const graph = staticGraph(html);
    expect(graph.length).toBeGreaterThan(1);
    const found = graph.flatMap((f) => [...packagesIn(f)].filter((p) => ON_DEMAND.some((d) => p === d || p.startsWith(`${d}/`))).map((p) => `${p} in ${f}`));
    expect(found).toEqual([]);
    // React itself is in the graph: the walk follows the imports.
    expect(graph.some((f) => packagesIn(f).has('react-dom'))).toBe(true);
  });

  it('links only the app stylesheet, not a library stylesheet, in index.html', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.filter((s) => !/^index-/.test(s))).toEqual([]);
  });

  it("holds the common passwords' list in no chunk (the server checks it: functions/lib/common-passwords.ts)", () => {
    const chunks = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.filter((f) => [...packagesIn(f)].some((p) => p.startsWith('@zxcvbn-ts/')))).toEqual([]);
  });
});
