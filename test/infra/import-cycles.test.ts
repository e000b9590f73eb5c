/**
 * Import cycles in functions/ (issue 23): behind the features' index files, features that use each
 * other import each other (scrapings, files, inventory, brands, exports, retailers, http/authenticate
 * through b2b/portal-auth). ESM and esbuild take such a cycle as long as no module of it uses, at
 * module load, a binding imported from the cycle: that binding may not be initialised yet (which
 * module of the cycle is evaluated first depends on the entry: a handler, a test, the local server).
 * This reads functions/ with TypeScript's parser: the value imports (type-only ones are erased), the
 * cycles (strongly connected components), and each such binding used outside a function body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';

/** A use of `name`, imported from `from` in the same cycle, at module load of `file`. */
interface LoadTimeUse {
  file: string;
  line: number;
  name: string;
  from: string;
}

const inTypePosition = (n: ts.Node) => {
  for (let p = n.parent; p && !ts.isSourceFile(p); p = p.parent) if (ts.isTypeNode(p) || ts.isTypeAliasDeclaration(p) || ts.isInterfaceDeclaration(p)) return true;
  return false;
};
const isPropertyName = (n: ts.Identifier) => {
  const p = n.parent;
  return ((ts.isPropertyAccessExpression(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === n) || ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p);
};
/** Run later than the module's load: inside a function (or method, accessor, constructor) or an instance field's initialiser. */
const deferred = (n: ts.Node) => {
  for (let p = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isFunctionLike(p)) return true;
    if (ts.isPropertyDeclaration(p) && !(ts.getCombinedModifierFlags(p) & ts.ModifierFlags.Static)) return true;
  }
  return false;
};

/** The cycles of `sources` (path → text, paths relative, imports resolved to `x.ts` or `x/index.ts`) and their load-time uses. */
function loadTimeUses(sources: Map<string, string>): { cycles: string[][]; uses: LoadTimeUse[] } {
  const resolve = (from: string, spec: string) => {
    if (!spec.startsWith('.')) return undefined;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return [`${base}.ts`, `${base}/index.ts`].find((c) => sources.has(c));
  };
  const parsed = new Map<string, ts.SourceFile>();
  const edges = new Map<string, Set<string>>();
  const imported = new Map<string, Map<string, string>>(); // file → local name → module
  for (const [file, text] of sources) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
    const valueNames = new Set<string>();
    const collect = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && !isPropertyName(n) && !inTypePosition(n)) valueNames.add(n.text);
      ts.forEachChild(n, collect);
    };
    collect(sf);
    const out = new Set<string>();
    const names = new Map<string, string>();
    for (const st of sf.statements) {
      if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      const target = resolve(file, st.moduleSpecifier.text);
      if (!target) continue;
      if (ts.isExportDeclaration(st)) {
        // `export { a, type B } from './x'`: an edge unless only types go through it.
        const clause = st.exportClause;
        if (!st.isTypeOnly && (!clause || (ts.isNamedExports(clause) && clause.elements.some((e) => !e.isTypeOnly)))) out.add(target);
        continue;
      }
      const clause = st.importClause;
      if (!clause) {
        out.add(target);
        continue;
      }
      if (clause.isTypeOnly) continue;
      const locals = [clause.name, clause.namedBindings && ts.isNamespaceImport(clause.namedBindings) ? clause.namedBindings.name : undefined, ...(clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name) : [])];
      // TypeScript and esbuild drop an import none of whose bindings is used as a value.
      for (const local of locals) if (local && valueNames.has(local.text)) names.set(local.text, target);
      if (locals.some((l) => l && valueNames.has(l.text))) out.add(target);
    }
    edges.set(file, out);
    imported.set(file, names);
  }

  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const f of sources.keys()) if (!index.has(f)) visit(f);

  const uses: LoadTimeUse[] = [];
  for (const cycle of cycles) {
    const members = new Set(cycle);
    for (const file of cycle) {
      const fromCycle = new Map([...imported.get(file)!].filter(([, m]) => members.has(m)));
      const sf = parsed.get(file)!;
      const find = (n: ts.Node): void => {
        if (ts.isIdentifier(n) && fromCycle.has(n.text) && !isPropertyName(n) && !inTypePosition(n) && !deferred(n)) {
          uses.push({ file, line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, name: n.text, from: fromCycle.get(n.text)! });
        }
        ts.forEachChild(n, find);
      };
      for (const st of sf.statements) if (!ts.isImportDeclaration(st) && !ts.isExportDeclaration(st)) find(st);
    }
  }
  return { cycles, uses };
}

describe('import cycles in functions/', () => {
  it('no module of a cycle uses at load what it imports from that cycle', () => {
    const dir = path.join(REPO_ROOT, 'functions');
    const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
    const sources = new Map(files.map((f) => [`functions/${f.split(path.sep).join('/')}`, readFileSync(path.join(dir, f), 'utf8')]));
    const { uses } = loadTimeUses(sources);
    expect(uses.map((u) => `${u.file}:${u.line} uses ${u.name} (from ${u.from}) at module load`)).toEqual([]);
  });

  it('the check sees such a use, and not one in a function, a type, or outside a cycle', () => {
    const probe = new Map([
      ['functions/a/index.ts', "export { A, makeA } from './a';\n"],
      ['functions/a/a.ts', "import { b } from '../b';\nexport class A {}\nexport const makeA = () => b();\n"],
      ['functions/b/index.ts', "export { b } from './b';\n"],
      ['functions/b/b.ts', "import { A, makeA } from '../a';\nimport type { X } from '../c';\nimport { c } from '../c';\nconst EMPTY = new A();\nconst ONE = c;\nexport const b = () => [EMPTY, ONE, makeA()] as X;\nexport class Later { static readonly lazy = () => new A(); made = makeA(); }\nexport class Now { static readonly first = makeA(); }\n"],
      ['functions/c/index.ts', 'export type X = unknown;\nexport const c = 1;\n'],
    ]);
    const { cycles, uses } = loadTimeUses(probe);
    expect(cycles).toEqual([['functions/a/a.ts', 'functions/a/index.ts', 'functions/b/b.ts', 'functions/b/index.ts']]);
    expect(uses).toEqual([
      { file: 'functions/b/b.ts', line: 4, name: 'A', from: 'functions/a/index.ts' },
      { file: 'functions/b/b.ts', line: 8, name: 'makeA', from: 'functions/a/index.ts' },
    ]);
  });
});
