/**
 * Every route's `grants` cover what its handler's code does: the module graph of the handler under
 * functions/ is read statically (top-level functions and what they reference, across relative
 * imports), and each AWS SDK command it can reach needs its grant. A missing grant only fails in
 * AWS (the local stack has no IAM), so this is where it is caught. Over-granting is not checked here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes, type Grant, type RouteDef } from '../../shared/routes';

const root = path.resolve(__dirname, '../..');

/** SDK commands and the grant each needs (a list: any one of them). */
const COMMAND_GRANTS: Record<string, Grant | readonly Grant[]> = {
  GetCommand: 'table:read',
  QueryCommand: 'table:read',
  BatchGetCommand: 'table:read',
  ScanCommand: 'table:read',
  TransactGetCommand: 'table:read',
  PutCommand: 'table:write',
  UpdateCommand: 'table:write',
  DeleteCommand: 'table:write',
  BatchWriteCommand: 'table:write',
  TransactWriteCommand: 'table:write',
  GetObjectCommand: 'data:read',
  HeadObjectCommand: 'data:read',
  ListObjectsV2Command: 'data:read',
  PutObjectCommand: 'data:write',
  // A copy reads its source and writes its copy: both (COMMAND_NEEDS_ALL).
  CopyObjectCommand: 'data:write',
  DeleteObjectCommand: 'data:write',
  SendEmailCommand: 'email:send',
  // The approval's start, or a redrive's start of a schedule's state machine (docs/operations.md).
  StartExecutionCommand: ['workflow:start', 'async:redrive', 'checks:start'],
  InvokeCommand: 'async:redrive',
};

/** Commands that need more than one grant, all of them: the others besides COMMAND_GRANTS' one. */
const COMMAND_NEEDS_ALL: Record<string, readonly Grant[]> = {
  CopyObjectCommand: ['data:read'],
};

/** A needed grant as the analysis reports it: one grant, or `a|b` when any of them will do. */
type Needed = string;

interface Decl {
  name: string;
  text: string;
}
interface Module {
  file: string;
  decls: Map<string, Decl>;
  /** local name → [resolved module file, exported name] (`*` for a namespace import) */
  imports: Map<string, [string, string]>;
  /** exported name → [resolved module file, its name there]: a feature's index (`export { a } from './x'`). */
  reexports: Map<string, [string, string]>;
}

const modules = new Map<string, Module>();

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const f of [base, `${base}.ts`, path.join(base, 'index.ts')]) if (f.endsWith('.ts') && existsSync(f)) return f;
  return undefined;
}

function load(file: string): Module {
  const cached = modules.get(file);
  if (cached) return cached;
  const source = readFileSync(file, 'utf8');
  const imports = new Map<string, [string, string]>();
  for (const m of source.matchAll(/import\s+(type\s+)?([^'"]*?)\s+from\s+'([^']+)'/g)) {
    if (m[1]) continue;
    const target = resolveImport(file, m[3]!);
    if (!target) continue;
    const clause = m[2]!;
    const ns = /\*\s+as\s+(\w+)/.exec(clause);
    if (ns) imports.set(ns[1]!, [target, '*']);
    const named = /\{([^}]*)\}/.exec(clause);
    for (const part of named?.[1]?.split(',') ?? []) {
      const p = part.trim();
      if (!p || p.startsWith('type ')) continue;
      const [orig, local] = p.split(/\s+as\s+/);
      imports.set((local ?? orig)!.trim(), [target, orig!.trim()]);
    }
  }
  const reexports = new Map<string, [string, string]>();
  for (const m of source.matchAll(/export\s+\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const target = resolveImport(file, m[2]!);
    if (!target) continue;
    for (const part of m[1]!.split(',')) {
      const p = part.trim();
      if (!p || p.startsWith('type ')) continue;
      const [orig, exported] = p.split(/\s+as\s+/);
      reexports.set((exported ?? orig)!.trim(), [target, orig!.trim()]);
    }
  }
  // Top-level declarations: from one `function`/`const`/`class` at column 0 to the next.
  const decls = new Map<string, Decl>();
  const starts = [...source.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm)];
  starts.forEach((m, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index : source.length;
    decls.set(m[1]!, { name: m[1]!, text: source.slice(m.index, end) });
  });
  const mod = { file, decls, imports, reexports };
  modules.set(file, mod);
  return mod;
}

/** The grants a declaration needs, following every name it references. */
function grantsOf(file: string, name: string, seen = new Set<string>()): Set<Needed> {
  const out = new Set<Needed>();
  const id = `${file}#${name}`;
  if (seen.has(id)) return out;
  seen.add(id);
  const mod = load(file);
  // A name a feature's index re-exports: what it names in its own module.
  const reexported = name === '*' ? undefined : mod.reexports.get(name);
  if (reexported && !mod.decls.has(name)) return grantsOf(reexported[0], reexported[1], seen);
  const decls = name === '*' ? [...mod.decls.values()] : [mod.decls.get(name)].filter((d): d is Decl => !!d);
  for (const decl of decls) {
    for (const m of decl.text.matchAll(/new\s+(\w+Command)\b/g)) {
      const g = COMMAND_GRANTS[m[1]!];
      if (g) out.add(typeof g === 'string' ? g : g.join('|'));
      for (const more of COMMAND_NEEDS_ALL[m[1]!] ?? []) out.add(more);
    }
    for (const [local, [target, orig]] of mod.imports) {
      if (orig === '*') {
        for (const m of decl.text.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, 'g'))) for (const g of grantsOf(target, m[1]!, seen)) out.add(g);
      } else if (new RegExp(`\\b${local}\\b`).test(decl.text)) {
        for (const g of grantsOf(target, orig, seen)) out.add(g);
      }
    }
    for (const other of mod.decls.keys()) {
      if (other !== decl.name && new RegExp(`\\b${other}\\b`).test(decl.text)) for (const g of grantsOf(file, other, seen)) out.add(g);
    }
  }
  return out;
}

describe('route grants against what the handler code does', () => {
  it.each((routes as readonly RouteDef[]).map((r) => [r.id, r] as const))('%s has a grant for every AWS call its handler can make', (_, r) => {
    const needed = [...grantsOf(path.join(root, r.handler), 'handler')].sort();
    expect(needed.filter((g) => !g.split('|').some((one) => (r.grants as readonly Grant[]).includes(one as Grant))), `${r.id} needs ${needed.join(', ')}`).toEqual([]);
  });

  it('finds that keeping a case\'s pictures (CopyObject) needs both data grants, through the flag call, and that resolving a case (no opening) needs neither', () => {
    expect(grantsOf(path.join(root, 'functions/scrapings/update-product-flag.ts'), 'handler')).toEqual(new Set(['table:read', 'table:write', 'data:read', 'data:write']));
    expect(grantsOf(path.join(root, 'functions/cases/resolve-case.ts'), 'handler')).toEqual(new Set(['table:read', 'table:write']));
  });

  it('finds the table reads of a handler through its repo (the analysis itself works)', () => {
    expect(grantsOf(path.join(root, 'functions/settings/update.ts'), 'handler')).toEqual(new Set(['table:read', 'table:write']));
    expect(grantsOf(path.join(root, 'functions/settings/get.ts'), 'handler')).toEqual(new Set(['table:read']));
  });
});
