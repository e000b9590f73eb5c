/**
 * Every class styled on its own (a selector with no combinator: `.trend`, `.trend--up:hover`) is
 * styled by one stylesheet. The SPA loads a feature's CSS with its chunk and keeps it, so once two
 * screens were visited, an unscoped rule of one applies to the other: the summary's
 * `.trend { white-space: nowrap }` kept the retailer page's "▲ +72 since the previous scan" on one
 * line, 397 px wide on a 390 px phone. A rule in context (`.welcome .trend`) is not an owner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = join(__dirname, '../../../web/src');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? stylesheets(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : []));
}

/** The classes a stylesheet styles on their own: the first class of each selector without a combinator. */
function ownClasses(css: string): Set<string> {
  const out = new Set<string>();
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)) {
    const selectors = (m[1] ?? '').trim();
    if (selectors.startsWith('@')) continue;
    for (const selector of selectors.split(',')) {
      const compounds = selector.trim().split(/\s*[>+~]\s*|\s+/);
      if (compounds.length !== 1) continue;
      const cls = /^\.([\w-]+)/.exec(compounds[0] ?? '');
      if (cls?.[1]) out.add(cls[1]);
    }
  }
  return out;
}

describe('web stylesheets', () => {
  it('reads what a stylesheet styles on its own, not in context', () => {
    const own = ownClasses('.a, .b:hover { x: 1 }\n.c .d { x: 1 }\n.e > .f { x: 1 }\n@media (max-width: 5px) { .g--x { x: 1 } }\n/* .h { } */');
    expect([...own].sort()).toEqual(['a', 'b', 'g--x']);
  });

  it('style each class on its own in one stylesheet only', () => {
    const owners = new Map<string, string[]>();
    const files = stylesheets(WEB_SRC);
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) for (const cls of ownClasses(readFileSync(f, 'utf8'))) owners.set(cls, [...(owners.get(cls) ?? []), relative(WEB_SRC, f)]);
    const shared = [...owners].filter(([, fs]) => fs.length > 1).map(([cls, fs]) => `.${cls}: ${fs.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
