/**
 * The streaming diff of ingest (createDigestDiff over a PreviousFileDigest) against diffRows and
 * markRows on the same inputs: the same summary, added / removed / changed and marks; and the
 * pages it leads to (ChunkWriter) byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { type ChunkStore, ChunkWriter } from '../../../../functions/files/domain/chunk-writer.js';
import { type ChangedRow, type DiffOptions, diffRows } from '../../../../functions/files/domain/diff.js';
import { KeyPositions, PreviousFileDigest, chunkedRowReader, createDigestDiff } from '../../../../functions/files/domain/digest-diff.js';
import { assessFile, decideFlag, normalizeThresholdSettings, planAssessment } from '../../../../functions/files/domain/flag.js';
import { type MarkedRow, markCurrentRow, markPreviousRow, markRows } from '../../../../functions/files/domain/marks.js';
import { type RobotRow, keyColumnOf } from '../../../../functions/files/domain/robot-types.js';
import { columns, product } from './product-rows.js';


interface Streamed {
  summary: ReturnType<typeof diffRows>['summary'];
  added: string[];
  removed: readonly string[];
  changed: ChangedRow[];
  current: MarkedRow[];
  previous: MarkedRow[];
}

/**
 * Everything the digest form (ingest's: keys and digests held, previous rows read back by
 * position, marked as they are read again) says about `current` against `previous`.
 */
async function streamDigest(previous: readonly RobotRow[], current: readonly RobotRow[], options: DiffOptions): Promise<Streamed> {
  const key = keyColumnOf(options.type);
  const digest = new PreviousFileDigest(options, 3); // grown as rows come
  for (const row of previous) digest.add(row);
  let reads = 0;
  const readRow = chunkedRowReader(async (n) => {
    reads++;
    return previous.slice(n * 2, n * 2 + 2);
  }, 2);
  const diff = createDigestDiff(digest, (position) => readRow(position));
  const out: Omit<Streamed, 'summary' | 'removed'> = { added: [], changed: [], current: [], previous: [] };
  for (const row of current) {
    const result = await diff.push(row);
    if (result.mark === 'added') out.added.push(row[key] ?? '');
    if (result.mark === 'changed') out.changed.push({ key: row[key] ?? '', changes: result.changes });
    out.current.push(markCurrentRow(row, result));
  }
  const { summary } = diff.finish();
  previous.forEach((row, position) => out.previous.push(markPreviousRow(diff.markPrevious(row, position))));
  // Its keys are not held: the removed keys are those of the previous rows marked removed (once each, in file order).
  const removed = [...new Set(out.previous.filter((m) => m.mark === 'removed').map((m) => m.row[key] ?? ''))];
  // Only rows whose digest differs (the changed ones) are read back, a chunk at most each.
  expect(reads).toBeLessThanOrEqual(out.changed.length);
  return { ...out, summary, removed };
}

/** The digest form agrees with diffRows + markRows. */
async function expectSameAsArrays(previous: readonly RobotRow[], current: readonly RobotRow[], options: DiffOptions): Promise<Streamed> {
  const expected = diffRows(previous, current, options);
  const marked = markRows(previous, current, expected, keyColumnOf(options.type));
  const got = await streamDigest(previous, current, options);
  expect(got.summary).toEqual(expected.summary);
  expect(got.added).toEqual(expected.added);
  expect(got.removed).toEqual(expected.removed);
  expect(got.changed).toEqual(expected.changed);
  // Serialized as the pages are: same rows, same marks, same key order. (When a key repeats in
  // the current file, which the parser refuses, markRows marks every row with that key as
  // added; the streaming form marks each row by what the diff said of it, only the repeat as added.)
  const keys = current.map((row) => row[keyColumnOf(options.type)]);
  if (new Set(keys).size === keys.length) expect(JSON.stringify(got.current)).toBe(JSON.stringify(marked.current));
  else expect(got.current.filter((m) => m.mark === 'added').length).toBe(expected.added.length);
  expect(JSON.stringify(got.previous)).toBe(JSON.stringify(marked.previous));
  return got;
}

/** A digest diff of `current` against `previous` (read back from the array), before its rows are pushed. */
function digestDiff(previous: readonly RobotRow[], options: DiffOptions) {
  const digest = new PreviousFileDigest(options);
  for (const row of previous) digest.add(row);
  return createDigestDiff(digest, (position) => Promise.resolve(previous[position]!));
}

describe('createDigestDiff: the same answers as diffRows', () => {
  it('added, removed, changed (old and new values) and unchanged rows', async () => {
    const previous = [product('A'), product('B'), product('C'), product('D')];
    const current = [product('E'), product('C', { Price: '120.00' }), product('A'), product('B', { Name: 'Renamed', Price: '90.00' })];
    const got = await expectSameAsArrays(previous, current, { type: 'product', columns });
    expect(got.added).toEqual(['E']);
    expect(got.removed).toEqual(['D']);
    expect(got.summary).toMatchObject({ addedCount: 1, removedCount: 1, changedCount: 2, unchangedCount: 1 });
    expect(got.current.map((m) => m.mark)).toEqual(['added', 'changed', undefined, 'changed']);
    expect(got.current[3]).toEqual({
      row: current[3],
      mark: 'changed',
      changed: ['Name', 'Price'],
      old: { Name: 'Bag B', Price: '100.00' },
    });
    expect(got.previous.map((m) => m.mark)).toEqual([undefined, 'changed', 'changed', 'removed']);
  });

  it('only tracked columns, and image columns left out with ignoreImageData', async () => {
    const previous = [product('A'), product('B')];
    const current = [
      product('A', { 'Image URLs': 'https://cdn/new.jpg', Screenshot: 'https://shots/2/A.png' }),
      product('B', { Price: '1.00', Screenshot: 'https://shots/2/B.png' }),
    ];
    await expectSameAsArrays(previous, current, { type: 'product', columns: ['Name', 'Price'] });
    const withImages = await expectSameAsArrays(previous, current, { type: 'product', columns });
    expect(withImages.summary.changedCount).toBe(2);
    const withoutImages = await expectSameAsArrays(previous, current, { type: 'product', columns, ignoreImageData: true });
    expect(withoutImages.summary.trackedColumns).toEqual(['Name', 'Price']);
    expect(withoutImages.changed).toEqual([{ key: 'B', changes: { Price: { old: '100.00', new: '1.00' } } }]);
  });

  it("the type's default columns and key", async () => {
    const previous = [{ 'Primary Menu': 'Women', 'Sub Menu': 'Bags|Shoes', 'Menu URL': '/w' }];
    const current = [
      { 'Primary Menu': 'Women', 'Sub Menu': 'Bags|Shoes|Jewelry', 'Menu URL': '/w' },
      { 'Primary Menu': 'Men', 'Sub Menu': 'Bags', 'Menu URL': '/m' },
    ];
    await expectSameAsArrays(previous, current, { type: 'homepage' });
  });

  it('columns that appeared or disappeared, a missing cell read as empty, column lists given', async () => {
    const previous = [{ 'Style Number': 'A', Name: 'Bag', Price: '10' }];
    const current = [{ 'Style Number': 'A', Name: 'Bag', Colour: 'red' }];
    const got = await expectSameAsArrays(previous, current, { type: 'product', columns: ['Name', 'Price'] });
    expect(got.summary.columnsRemoved).toEqual(['Price']);
    expect(got.summary.columnsAdded).toEqual(['Colour']);
    await expectSameAsArrays([product('A')], [], {
      type: 'product',
      columns,
      previousColumns: ['Style Number', 'Name', 'Price'],
      currentColumns: ['Style Number', 'Name'],
    });
    await expectSameAsArrays([product('A')], [], { type: 'product', columns });
    await expectSameAsArrays([], [product('A')], { type: 'product', columns });
  });

  it('takes the current columns at finish (known once the file is read)', async () => {
    const diff = digestDiff([product('A')], { type: 'product', columns });
    await diff.push({ 'Style Number': 'A', Name: 'Bag A' });
    expect(diff.finish(['Style Number', 'Name', 'Colour']).summary).toMatchObject({
      columnsAdded: ['Colour'],
      columnsRemoved: ['Price', 'Image URLs', 'Screenshot'],
    });
  });

  it('rows of other shapes: other column order, missing columns, NUL characters, repeated keys', async () => {
    const previous: RobotRow[] = [
      product('A'),
      { Name: 'Bag B', 'Style Number': 'B', Price: '100.00', 'Image URLs': 'x', Screenshot: 'y' }, // other order
      { 'Style Number': 'C', Name: 'Bag C' }, // fewer columns
      product('D', { Name: 'nul \u0000 inside' }),
      product('E'),
      product('E', { Price: '7.00' }), // repeated key: the last one is matched
      product('F', { Extra: 'more' }), // more columns
    ];
    const current: RobotRow[] = [
      product('B'),
      product('C'),
      product('D', { Name: 'nul \u0000 inside' }),
      product('E', { Price: '7.00' }),
      product('E', { Price: '8.00' }), // repeated in the current file: added, as diffRows says
      product('F'),
      product('G'),
    ];
    const got = await expectSameAsArrays(previous, current, { type: 'product', columns });
    expect(got.summary.previousRowCount).toBe(7);
    expect(got.removed).toEqual(['A']);
    expect(got.added).toEqual(['E', 'G']);
  });

  it('agrees with diffRows on random files', async () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const values = ['', 'a', 'b', 'Étoile ✓', '1,450.00', 'x|y', 'line\nbreak'];
    const cols = ['Name', 'Brand', 'Price', 'Description', 'Image URLs', 'Screenshot', 'Shoppability'];
    for (let round = 0; round < 20; round++) {
      const previous: RobotRow[] = [];
      for (let i = 0; i < 200; i++) {
        // Even rounds: unique keys, as the parser gives; odd rounds: keys that repeat.
        const row: RobotRow = { 'Style Number': round % 2 === 0 ? `S${i}` : `S${Math.floor(random() * 260)}` };
        for (const c of cols) row[c] = pick(values);
        previous.push(row);
      }
      const current: RobotRow[] = [];
      for (const row of previous) {
        const r = random();
        if (r < 0.1) continue; // removed
        const next = { ...row };
        if (r < 0.3) next[pick(cols)] = pick(values); // maybe changed
        current.push(next);
        if (r > 0.95) current.push({ ...next, 'Style Number': `N${round}-${current.length}` }); // added
      }
      current.sort(() => random() - 0.5);
      const tracked = cols.filter(() => random() < 0.6);
      await expectSameAsArrays(previous, current, { type: 'product', columns: tracked, ignoreImageData: random() < 0.5 });
    }
  });

  it('diffs 100k x 10 columns against a digest quickly', async () => {
    const cols = ['Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Shoppability', 'Screenshot'];
    const make = (i: number, v: string): RobotRow => {
      const row: RobotRow = { 'Style Number': `S${i}` };
      for (const c of cols) row[c] = `${c} ${i} ${v}`;
      return row;
    };
    const started = performance.now();
    const options = { type: 'product' as const, columns: cols };
    const digest = new PreviousFileDigest(options, 100_000);
    for (let i = 0; i < 100_000; i++) digest.add(make(i, 'a'));
    // A previous row is read back (made again here) only when its digest differs.
    const diff = createDigestDiff(digest, (position) => Promise.resolve(make(position, 'a')));
    for (let i = 0; i < 100_000; i++) {
      const result = diff.push(make(i + 500, i % 100 === 0 ? 'b' : 'a'));
      if (result instanceof Promise) await result;
    }
    const { summary } = diff.finish();
    const marks = { removed: 0, changed: 0, unchanged: 0 };
    for (let position = 0; position < 100_000; position++) marks[diff.markAt(position).mark]++;
    const ms = performance.now() - started;
    expect(summary).toMatchObject({ addedCount: 500, removedCount: 500, changedCount: 995 });
    expect(marks).toEqual({ removed: 500, changed: 995, unchanged: 98_505 });
    expect(ms).toBeLessThan(10_000); // only guards against a quadratic slip
  });

  it('refuses rows after finish, and previous rows before it', () => {
    const diff = digestDiff([product('A')], { type: 'product', columns });
    expect(() => diff.markAt(0)).toThrow('Finish the diff');
    expect(() => diff.markPrevious(product('A'), 0)).toThrow('Finish the diff');
    diff.finish();
    expect(() => diff.push(product('A'))).toThrow('finished');
  });

  it('with the plan of assessFile gives the same flag', async () => {
    const settings = normalizeThresholdSettings({
      ignoreImageData: true,
      thresholds: { product: { 'hf-products': { Price: 10, 'Image URLs': 5, Screenshot: 5 } } },
    });
    const previous = Array.from({ length: 10 }, (_, i) => product(`S${i}`));
    const current = previous.map((r, i) => ({ ...r, Price: i < 2 ? '120' : '100.00', 'Image URLs': `new${i}` }));
    const expected = assessFile({ settings, type: 'product', robotName: 'hf-products', previousRows: previous, currentRows: current });
    const plan = planAssessment(settings, 'product', 'hf-products');
    const diff = digestDiff(previous, plan.diffOptions);
    for (const row of current) await diff.push(row);
    const { summary } = diff.finish();
    expect(summary).toEqual(expected.diff?.summary);
    const decided = decideFlag({ type: 'product', diff: summary, currentRowCount: current.length, thresholds: plan.thresholds.percents });
    expect(decided.flag).toBe(expected.flag);
    expect(decided.reasons).toEqual(expected.reasons);
    expect(plan.thresholds).toEqual(expected.thresholds);
  });
});

describe('ChunkWriter', () => {
  function memoryStore(): ChunkStore & { chunks: Map<number, string>; removed: number[]; maxInFlight: number } {
    let inFlight = 0;
    const store = {
      chunks: new Map<number, string>(),
      removed: [] as number[],
      maxInFlight: 0,
      async put(n: number, body: Buffer) {
        inFlight++;
        store.maxInFlight = Math.max(store.maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        store.chunks.set(n, body.toString('utf8'));
        inFlight--;
      },
      async remove(n: number) {
        store.removed.push(n);
        store.chunks.delete(n);
      },
    };
    return store;
  }

  it('writes the chunks writeSide would, a few at a time', async () => {
    const store = memoryStore();
    const writer = new ChunkWriter<number>(store, { chunkSize: 10, parallel: 3 });
    for (let i = 0; i < 95; i++) await writer.add(i);
    expect(writer.count).toBe(95);
    expect(await writer.close()).toBe(10);
    expect(store.maxInFlight).toBeLessThanOrEqual(3);
    for (let n = 0; n < 10; n++) {
      expect(store.chunks.get(n)).toBe(JSON.stringify(Array.from({ length: Math.min(10, 95 - n * 10) }, (_, k) => n * 10 + k)));
    }
    expect(await new ChunkWriter<number>(memoryStore()).close()).toBe(0);
  });

  it('serializes a chunk exactly as JSON.stringify serializes its items', async () => {
    const items = Array.from({ length: 2_345 }, (_, i) =>
      i % 7 === 0 ? { row: { 'Style Number': `S${i}`, Name: 'say "hi"\n' }, mark: 'added' } : { row: { 'Style Number': `S${i}` }, skip: undefined },
    );
    for (const chunkSize of [1000, 64, 1]) {
      const store = memoryStore();
      const writer = new ChunkWriter<object>(store, { chunkSize });
      for (const item of items) await writer.add(item);
      const chunks = await writer.close();
      expect(chunks).toBe(Math.ceil(items.length / chunkSize));
      for (let n = 0; n < chunks; n++) expect(store.chunks.get(n)).toBe(JSON.stringify(items.slice(n * chunkSize, (n + 1) * chunkSize)));
    }
  });

  it('stops at a failed write and removes what it wrote when discarded', async () => {
    const store = memoryStore();
    const put = store.put.bind(store);
    store.put = async (n, body) => {
      if (n === 4) throw new Error('S3 is down');
      await put(n, body);
    };
    const writer = new ChunkWriter<number>(store, { chunkSize: 2, parallel: 2 });
    let failure: unknown;
    try {
      for (let i = 0; i < 40; i++) await writer.add(i);
      await writer.close();
    } catch (err) {
      failure = err;
    }
    expect((failure as Error).message).toBe('S3 is down');
    await writer.discard();
    expect(store.chunks.size).toBe(0);
    expect(store.removed.length).toBeGreaterThanOrEqual(4);
    expect(() => writer.add(1)).toThrow('closed');
  });
});

describe('KeyPositions (the digest form\'s keys, off the heap)', () => {
  it('gives the last position set for each of 100,000 keys (grown from 16 slots), none for a key never set, every last position once', () => {
    const table = new KeyPositions(1);
    const keys = Array.from({ length: 100_000 }, (_, i) => `HF-${1_000_000 + i}`);
    keys.forEach((k, i) => table.set(k, i));
    // Repeated keys: the later position wins.
    for (let i = 0; i < 1000; i++) table.set(keys[i * 7]!, 100_000 + i);
    expect(table.size).toBe(100_000);
    expect(table.get('HF-0')).toBeUndefined();
    expect(table.get('')).toBeUndefined();
    expect(table.get(keys[7]!)).toBe(100_001);
    expect(table.get(keys[8]!)).toBe(8);
    expect(table.get(keys[99_999]!)).toBe(99_999);
    const last = new Map<string, number>();
    keys.forEach((k, i) => last.set(k, i));
    for (let i = 0; i < 1000; i++) last.set(keys[i * 7]!, 100_000 + i);
    for (const [k, position] of last) expect(table.get(k)).toBe(position);
    expect([...table.positions()].sort((a, b) => a - b)).toEqual([...last.values()].sort((a, b) => a - b));
  });
});
