/**
 * Where page N of the post-office list starts, without reading pages 1..N-1 (issue 21 §1,
 * docs/decisions.md "Post office: a page by number"). Pure logic; the reads and writes are in
 * files.repo.ts.
 *
 * Each index partition a list reads (a "scope") has its items counted on write in two levels of
 * buckets, each bucket a prefix of the partition's sort key:
 * - one totals item per scope: count per coarse bucket (a scan date, or a retailer name);
 * - one item per (scope, coarse bucket): count per fine bucket (a date and second, a name and date).
 * A cell's attribute name is `<tag>|<bucket>`: the tag tells apart lists sharing a partition (a
 * retailer's gsi2 partition holds every status and flag: the tag is `<status>#<flag>`); '' otherwise.
 *
 * Page N: the totals of the list's scopes (one read each) locate the coarse bucket holding item
 * (N-1) × limit, the fine items of that bucket (one read per scope) the fine bucket; each partition
 * is then queried from that bucket's first key and only the items of the fine bucket before the
 * page are passed over (a few: a fine bucket holds the files of one retailer and date, or of one
 * second of a scan date).
 */
import type { ApprovedStatus, FlagLevel } from '../../shared/constants';

/** A file's attributes the positions depend on. */
export interface PositionedFile {
  _id: string;
  date: string;
  createdAt: string;
  name: string;
  retailer: string;
  type: string;
  approvedStatus: ApprovedStatus;
  flag: FlagLevel;
}

/** One counter: item (scope, level) and the attribute in it. */
export interface PositionCell {
  scope: string;
  /** '' for the scope's totals item, else the coarse bucket (the fine item's). */
  coarse: string;
  /** The attribute name: `<tag>|<bucket>`. */
  attr: string;
}

/** Digits 9's-complemented: an ISO date or time that sorts newest first in ascending order. */
export const newestFirst = (iso: string) => iso.replace(/\d/g, (d) => String(9 - Number(d)));
export const sortName = (name: string) => name.trim().toLowerCase();

/** gsi1sk, gsi2sk / gsi3sk and gsi4sk of a file (files.repo.ts writes these). */
export const allFilesSortKey = (f: Pick<PositionedFile, 'date' | '_id'>) => `${f.date}#${f._id}`;
export const dateSortKey = (f: Pick<PositionedFile, 'date' | 'createdAt' | '_id'>) => `${f.date}#${f.createdAt}#${f._id}`;
export const nameSortKey = (f: Pick<PositionedFile, 'name' | 'date' | 'createdAt' | '_id'>) => `${sortName(f.name)}#${newestFirst(f.date)}#${newestFirst(f.createdAt)}#${f._id}`;

/** The buckets of a sort key, by the kind of partition. */
export type ScopeKind = 'all' | 'date' | 'name';
export function buckets(kind: ScopeKind, sk: string): { coarse: string; fine: string } {
  if (kind === 'all') return { coarse: sk.slice(0, 10), fine: sk.slice(0, 15) }; // date, date#<4 id chars: 'f' and 3 of a hash>
  if (kind === 'date') return { coarse: sk.slice(0, 10), fine: sk.slice(0, 30) }; // date, date#<createdAt to the second>
  const hash = sk.indexOf('#');
  return { coarse: sk.slice(0, hash + 1), fine: sk.slice(0, hash + 11) }; // name#, name#<date>
}

/** Scope names: the partition they count (gsi1 FILES, gsi3, gsi4, gsi2). */
export const allScope = () => 'A#FILES';
export const statusFlagScope = (s: ApprovedStatus, f: FlagLevel) => `S#${s}#${f}`;
export const nameScope = (s: ApprovedStatus, f: FlagLevel, type: string) => `N#${s}#${f}#${type}`;
export const retailerScope = (gsi2pk: string) => `R#${gsi2pk}`;
export const retailerTag = (s: ApprovedStatus, f: FlagLevel) => `${s}#${f}`;

function cellsOf(scope: string, kind: ScopeKind, sk: string, tag = ''): PositionCell[] {
  const b = buckets(kind, sk);
  return [
    { scope, coarse: '', attr: `${tag}|${b.coarse}` },
    { scope, coarse: b.coarse, attr: `${tag}|${b.fine}` },
  ];
}

/** Every counter a file adds 1 to: its place in each list partition it is in. */
export function positionCells(f: PositionedFile): PositionCell[] {
  return [
    ...cellsOf(allScope(), 'all', allFilesSortKey(f)),
    ...cellsOf(statusFlagScope(f.approvedStatus, f.flag), 'date', dateSortKey(f)),
    ...cellsOf(nameScope(f.approvedStatus, f.flag, f.type), 'name', nameSortKey(f)),
    ...cellsOf(retailerScope(`RFILES#${f.retailer}#${f.type}`), 'date', dateSortKey(f), retailerTag(f.approvedStatus, f.flag)),
  ];
}

const cellId = (c: PositionCell) => `${c.scope}\n${c.coarse}\n${c.attr}`;

/**
 * The counter changes of a write: +1 for each cell of `after`, −1 for each of `before` (a file
 * created: no before; deleted: no after; moved: both, the cells it keeps cancel out). Grouped per
 * item (scope, coarse): a transaction may touch an item once.
 */
export function positionDeltas(before: PositionedFile | undefined, after: PositionedFile | undefined): { scope: string; coarse: string; adds: Record<string, number> }[] {
  const delta = new Map<string, { cell: PositionCell; n: number }>();
  const add = (cells: PositionCell[], n: number) => {
    for (const c of cells) {
      const e = delta.get(cellId(c)) ?? { cell: c, n: 0 };
      e.n += n;
      delta.set(cellId(c), e);
    }
  };
  if (before) add(positionCells(before), -1);
  if (after) add(positionCells(after), 1);
  const items = new Map<string, { scope: string; coarse: string; adds: Record<string, number> }>();
  for (const { cell, n } of delta.values()) {
    if (n === 0) continue;
    const id = `${cell.scope}\n${cell.coarse}`;
    const it = items.get(id) ?? { scope: cell.scope, coarse: cell.coarse, adds: {} };
    it.adds[cell.attr] = n;
    items.set(id, it);
  }
  return [...items.values()];
}

/** A partition of a list, as the positions see it. */
export interface PositionSource {
  scope: string;
  kind: ScopeKind;
  /** The cells' tags that belong to the list (['']: the whole partition). */
  tags: readonly string[];
  /** What the merge puts before the sort key (the type sort: `<type>#`), '' otherwise. */
  mergePrefix: string;
}

/** Counts per bucket (summed over a source's tags) from an item's attributes. */
export function bucketCounts(item: Record<string, unknown> | undefined, tags: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!item) return out;
  for (const [name, v] of Object.entries(item)) {
    const bar = name.indexOf('|');
    if (bar < 0 || !tags.includes(name.slice(0, bar)) || typeof v !== 'number' && typeof v !== 'bigint') continue;
    const b = name.slice(bar + 1);
    out.set(b, (out.get(b) ?? 0) + Number(v));
  }
  return out;
}

/**
 * The bucket holding the item at `offset` (0-based) of the merged list: buckets of every source
 * in merged order (mergePrefix + bucket), ascending or descending. Returns the bucket (merged
 * key) and how many items come before it, or undefined when the offset is past the end.
 */
export function locate(counts: { mergePrefix: string; counts: Map<string, number> }[], ascending: boolean, offset: number): { merged: string; before: number } | undefined {
  const merged = new Map<string, number>();
  for (const s of counts) for (const [b, n] of s.counts) if (n > 0) merged.set(s.mergePrefix + b, (merged.get(s.mergePrefix + b) ?? 0) + n);
  const keys = [...merged.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!ascending) keys.reverse();
  let before = 0;
  for (const k of keys) {
    const n = merged.get(k)!;
    if (before + n > offset) return { merged: k, before };
    before += n;
  }
  return undefined;
}

/** Total of the counts (the list's size as the positions count it). */
export const totalOf = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * Where a source starts for a page whose first item is in merged bucket `merged`: 'all' (every
 * item of it comes at or after), 'none' (every item comes before), or from the bucket (its sort
 * key prefix: the query starts at the first key with that prefix in the list's direction).
 */
export function startOf(source: Pick<PositionSource, 'mergePrefix'>, merged: string, mergedPrefix: string, ascending: boolean): 'all' | 'none' | { prefix: string } {
  if (source.mergePrefix === mergedPrefix) return { prefix: merged.slice(mergedPrefix.length) };
  const sourceFirst = source.mergePrefix < mergedPrefix;
  return sourceFirst === ascending ? 'none' : 'all';
}

/** Where each source of a list starts for the item at `offset`, and how many items to pass over from there. */
export interface PositionStart {
  starts: ('all' | 'none' | { prefix: string })[];
  skip: number;
}

/**
 * The start of the page whose first item is at `offset`: the totals of the sources' scopes, then
 * the fine counts of the coarse bucket found (`read` returns the cells of the items asked, by
 * scope; coarse '' is the totals). Undefined when the positions do not count `expectedTotal`
 * items (files written before they were kept) or the offset is past the end: the caller passes
 * over the earlier items instead.
 */
export async function positionStart(
  sources: readonly PositionSource[],
  ascending: boolean,
  offset: number,
  expectedTotal: number,
  read: (keys: { scope: string; coarse: string }[]) => Promise<(scope: string, coarse: string) => Record<string, unknown> | undefined>,
): Promise<PositionStart | undefined> {
  const totals = await read(sources.map((s) => ({ scope: s.scope, coarse: '' })));
  const coarse = sources.map((s) => ({ mergePrefix: s.mergePrefix, counts: bucketCounts(totals(s.scope, ''), s.tags) }));
  if (coarse.reduce((n, c) => n + totalOf(c.counts), 0) !== expectedTotal) return undefined;
  const level1 = locate(coarse, ascending, offset);
  if (!level1) return undefined;
  const prefix = sources.map((s) => s.mergePrefix).find((p) => p && level1.merged.startsWith(p)) ?? '';
  const bucket = level1.merged.slice(prefix.length);
  const of = sources.filter((s) => s.mergePrefix === prefix);
  const fineItems = await read(of.map((s) => ({ scope: s.scope, coarse: bucket })));
  const fine = of.map((s) => ({ mergePrefix: s.mergePrefix, counts: bucketCounts(fineItems(s.scope, bucket), s.tags) }));
  const level2 = locate(fine, ascending, offset - level1.before);
  if (!level2) return undefined;
  return { starts: sources.map((s) => startOf(s, level2.merged, prefix, ascending)), skip: offset - level1.before - level2.before };
}
