/**
 * The positions kept on write (functions/files/positions.ts): for every list the post office
 * offers, the start they give for an offset, queried the way DynamoDB would (each partition from
 * the prefix, merged, then the short skip), lands on the item the whole sorted list has there;
 * moves and deletions in any order leave the same counts.
 */
import { describe, expect, it } from 'vitest';
import { APPROVED_STATUSES, FLAG_LEVELS, type ApprovedStatus, type FlagLevel } from '../../../shared/constants';
import {
  allFilesSortKey,
  allScope,
  dateSortKey,
  nameScope,
  nameSortKey,
  positionDeltas,
  positionStart,
  retailerScope,
  retailerTag,
  statusFlagScope,
  type PositionedFile,
  type PositionSource,
} from '../../../functions/files/positions';

const TYPES = ['brand', 'homepage', 'product'] as const;

/** A seeded generator (the same files every run). */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

function makeFiles(n: number, seed = 7): PositionedFile[] {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const retailers = Array.from({ length: 12 }, (_, i) => `shop-${String.fromCharCode(97 + i)}${i % 3 ? '-x' : ''}`);
  return Array.from({ length: n }, (_, i) => {
    const name = pick(retailers);
    const day = 1 + Math.floor(r() * 20);
    const date = `2026-0${1 + Math.floor(r() * 3)}-${String(day).padStart(2, '0')}`;
    // Bursts: many files in the same second.
    const createdAt = `${date}T06:0${Math.floor(r() * 2)}:${String(Math.floor(r() * 3)).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}Z`;
    return { _id: `f${i.toString(36).padStart(5, '0')}${Math.floor(r() * 1e6)}`, date, createdAt, name, retailer: `r-${name}`, type: pick(TYPES), approvedStatus: pick(APPROVED_STATUSES), flag: pick(FLAG_LEVELS) };
  });
}

/** The counters as DynamoDB would hold them after the ADDs. */
function store() {
  const items = new Map<string, Record<string, number>>();
  return {
    write(before: PositionedFile | undefined, after: PositionedFile | undefined) {
      for (const d of positionDeltas(before, after)) {
        const id = `${d.scope}\n${d.coarse}`;
        const it = items.get(id) ?? {};
        for (const [a, n] of Object.entries(d.adds)) it[a] = (it[a] ?? 0) + n;
        items.set(id, it);
      }
    },
    read: async (_keys: { scope: string; coarse: string }[]) => (scope: string, coarse: string) => items.get(`${scope}\n${coarse}`),
    snapshot: () =>
      JSON.stringify(
        [...items.entries()]
          .map(([k, v]) => ({ k, cells: Object.entries(v).filter(([, n]) => n !== 0).sort() }))
          .filter((x) => x.cells.length)
          .sort((x, y) => cmp(x.k, y.k)),
      ),
  };
}

interface ListSource extends PositionSource {
  items: PositionedFile[];
  sk: (f: PositionedFile) => string;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A page's first item as the list read would find it: each partition from its start, merged, skip. */
function firstAt(sources: ListSource[], ascending: boolean, at: { starts: ('all' | 'none' | { prefix: string })[]; skip: number }): PositionedFile | undefined {
  const merged: { key: string; f: PositionedFile }[] = [];
  sources.forEach((s, i) => {
    const st = at.starts[i]!;
    if (st === 'none') return;
    for (const f of s.items) {
      const k = s.sk(f);
      if (st !== 'all' && (ascending ? k < st.prefix : k > `${st.prefix}\uffff`)) continue;
      merged.push({ key: s.mergePrefix + k, f });
    }
  });
  merged.sort((a, b) => (ascending ? cmp(a.key, b.key) : cmp(b.key, a.key)));
  return merged[at.skip]?.f;
}

function wholeList(sources: ListSource[], ascending: boolean): PositionedFile[] {
  const all = sources.flatMap((s) => s.items.map((f) => ({ key: s.mergePrefix + s.sk(f), f })));
  all.sort((a, b) => (ascending ? cmp(a.key, b.key) : cmp(b.key, a.key)));
  return all.map((x) => x.f);
}

type Sort = 'date' | 'name' | 'type';
function listsOf(files: PositionedFile[]): { label: string; sources: ListSource[] }[] {
  const lists: { label: string; sources: ListSource[] }[] = [];
  const pairsOf = (s?: ApprovedStatus, f?: FlagLevel) => (s ? [s] : APPROVED_STATUSES).flatMap((st) => (f ? [f] : FLAG_LEVELS).map((fl) => [st, fl] as const));
  for (const status of [undefined, 'pending', 'approved'] as const) {
    for (const flag of [undefined, 'caution'] as const) {
      const pairs = pairsOf(status, flag);
      for (const sort of ['date', 'name', 'type'] as Sort[]) {
        let sources: ListSource[];
        if (sort !== 'date') {
          sources = pairs.flatMap(([s, f]) => TYPES.map((t) => ({ scope: nameScope(s, f, t), kind: 'name' as const, tags: [''], mergePrefix: sort === 'type' ? `${t}#` : '', sk: nameSortKey, items: files.filter((x) => x.approvedStatus === s && x.flag === f && x.type === t) })));
        } else if (!status && !flag) {
          sources = [{ scope: allScope(), kind: 'all', tags: [''], mergePrefix: '', sk: allFilesSortKey, items: files }];
        } else {
          sources = pairs.map(([s, f]) => ({ scope: statusFlagScope(s, f), kind: 'date' as const, tags: [''], mergePrefix: '', sk: dateSortKey, items: files.filter((x) => x.approvedStatus === s && x.flag === f) }));
        }
        lists.push({ label: `status ${status ?? 'all'}, flag ${flag ?? 'all'}, ${sort}`, sources });
        // The same filters within one retailer (its per-type partitions, status and flag as tags).
        const retailer = 'r-shop-b-x';
        const tags = pairs.map(([s, f]) => retailerTag(s, f));
        lists.push({
          label: `retailer, status ${status ?? 'all'}, flag ${flag ?? 'all'}, ${sort}`,
          sources: TYPES.map((t) => ({
            scope: retailerScope(`RFILES#${retailer}#${t}`),
            kind: 'date' as const,
            tags,
            mergePrefix: sort === 'type' ? `${t}#` : '',
            sk: dateSortKey,
            items: files.filter((x) => x.retailer === retailer && x.type === t && pairs.some(([s, f]) => x.approvedStatus === s && x.flag === f)),
          })),
        });
      }
    }
  }
  return lists;
}

describe('post-office positions kept on write', () => {
  const files = makeFiles(700);
  const s = store();
  for (const f of files) s.write(undefined, f);

  it('a page by number starts on the item the whole list has there, for every filter and sort, both directions', async () => {
    for (const { label, sources } of listsOf(files)) {
      for (const ascending of [true, false]) {
        const whole = wholeList(sources, ascending);
        for (let offset = 1; offset < whole.length; offset += 7) {
          const at = await positionStart(sources, ascending, offset, whole.length, s.read);
          expect(at, `${label} ${ascending ? 'asc' : 'desc'} @${offset}`).toBeDefined();
          expect(firstAt(sources, ascending, at!)?._id, `${label} ${ascending ? 'asc' : 'desc'} @${offset}`).toBe(whole[offset]!._id);
          // The skip left is within one fine bucket: a few items, not the pages before.
          expect(at!.skip).toBeLessThan(40);
        }
        expect(await positionStart(sources, ascending, whole.length, whole.length, s.read)).toBeUndefined();
      }
    }
  });

  it('refuses (the caller passes over instead) when the counts do not add up to the list total', async () => {
    const sources = listsOf(files)[0]!.sources;
    expect(await positionStart(sources, false, 10, files.length + 1, s.read)).toBeUndefined();
  });

  it('moves and deletions in any order leave the counts of the files that remain, as if written once', async () => {
    const r = rng(3);
    const a = store();
    const live = files.map((f) => ({ ...f, approvedStatus: 'pending' as ApprovedStatus }));
    for (const f of live) a.write(undefined, f);
    // Each file is approved or rejected (or deleted), the writes interleaved.
    const ops = live.map((f) => ({ f, to: r() < 0.1 ? undefined : r() < 0.5 ? ('approved' as const) : ('rejected' as const) }));
    ops.sort(() => r() - 0.5);
    const after: PositionedFile[] = [];
    for (const { f, to } of ops) {
      a.write(f, to ? { ...f, approvedStatus: to } : undefined);
      if (to) after.push({ ...f, approvedStatus: to });
    }
    const b = store();
    for (const f of after) b.write(undefined, f);
    expect(a.snapshot()).toBe(b.snapshot());
  });

  it('a move touches each counter item once (a transaction may name an item once) and fits the approval transaction', () => {
    const f = files[0]!;
    const deltas = positionDeltas({ ...f, approvedStatus: 'pending' }, { ...f, approvedStatus: 'approved' });
    const ids = deltas.map((d) => `${d.scope}\n${d.coarse}`);
    expect(new Set(ids).size).toBe(ids.length);
    // gsi3 and gsi4 scopes out and in (2 items each), the retailer's items once: 10 (APPROVE_FILE_ENTRIES = 13 with 3 others).
    expect(deltas.length).toBe(10);
    expect(positionDeltas(undefined, f).length).toBe(8);
  });
});
