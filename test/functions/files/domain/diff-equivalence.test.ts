/**
 * The diff engine made faster (issue 21) against the engine as it was (./oracle: diff.ts,
 * digest-diff.ts and chunk-writer.ts of 4c7e7c2, unchanged but for their imports), on generated
 * files: the same summary, added / removed / changed rows and cells, marks of both sides, and
 * page bytes. Our forms: the arrays of diffRows, and the digest form ingest runs (fed rows, or
 * as in ingest a saved digest and the previous pages' bytes). The oracle's: its diffRows, its
 * streaming form over a packed index or rows kept as objects (that engine left diff.ts in issue
 * 23; it lives on here only as the oracle), and its digest form. The files have repeated keys,
 * empty and missing cells, columns in another order or added / dropped, unicode (accents, emoji,
 * lone surrogates), NUL characters, '2026-99-99'-style dates, and tracked column lists of every
 * shape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkWriter } from '../../../../functions/files/domain/chunk-writer.js';
import { type DiffOptions, diffRows } from '../../../../functions/files/domain/diff.js';
import { DigestRecorder, PreviousFileDigest, chunkedRowReader, createDigestDiff, markPreviousPage, pageRowReader } from '../../../../functions/files/domain/digest-diff.js';
import { type MarkedRow, markCurrentRow, markPreviousRow } from '../../../../functions/files/domain/marks.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';
import { ChunkWriter as OldChunkWriter } from './oracle/old-chunk-writer.js';
import * as old from './oracle/old-diff.js';
import * as oldDigest from './oracle/old-digest-diff.js';

const KEY = 'Style Number';
const COLUMNS = ['Name', 'Brand', 'Price', 'Description', 'Image URLs', 'Screenshot', 'Shoppability', 'OH Map ID'];
const VALUES = ['', ' ', 'a', 'A', 'b', 'Étoile ✓', 'ÉTOILE', '1,450.00', '1450.00', 'x|y', 'line\nbreak', 'say "hi"', '2026-99-99', '2026-02-30', '😀', '\ud800', 'nul\u0000in', '\\', '0', '__proto__'];

interface Files {
  previous: RobotRow[];
  current: RobotRow[];
  options: DiffOptions;
}

const value = fc.constantFrom(...VALUES);

/** A previous file, the current one made from it (kept, changed, removed, added, shuffled), and the diff's options. */
const files: fc.Arbitrary<Files> = fc
  .record({
    keys: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 0, maxLength: 80 }),
    unique: fc.boolean(),
    cells: fc.array(fc.array(value, { minLength: COLUMNS.length, maxLength: COLUMNS.length }), { minLength: 80, maxLength: 80 }),
    edits: fc.array(fc.record({ what: fc.integer({ min: 0, max: 9 }), column: fc.integer({ min: 0, max: COLUMNS.length - 1 }), value }), { minLength: 80, maxLength: 80 }),
    order: fc.array(fc.integer(), { minLength: 90, maxLength: 90 }),
    layout: fc.constantFrom('same', 'reordered', 'dropped', 'extra', 'mixed'),
    tracked: fc.subarray([...COLUMNS, KEY, 'Not A Column']),
    defaultColumns: fc.boolean(),
    ignoreImageData: fc.boolean(),
    givenColumns: fc.boolean(),
  })
  .map((f) => {
    const keyOf = (i: number, k: number) => (f.unique ? `S${i}` : `S${k}`);
    const previous: RobotRow[] = f.keys.map((k, i) => {
      const row: RobotRow = { [KEY]: keyOf(i, k) };
      COLUMNS.forEach((c, j) => (row[c] = f.cells[i]![j]!));
      return row;
    });
    const current: RobotRow[] = [];
    previous.forEach((row, i) => {
      const edit = f.edits[i]!;
      if (edit.what === 0) return; // removed
      let next: RobotRow = { ...row };
      if (edit.what <= 3) next[COLUMNS[edit.column]!] = edit.value; // maybe changed
      if (edit.what === 4) next[KEY] = `N${i}`; // added (and the old key removed)
      if (f.layout === 'reordered' || (f.layout === 'mixed' && i % 3 === 0)) next = Object.fromEntries(Object.entries(next).reverse());
      if (f.layout === 'dropped' || (f.layout === 'mixed' && i % 3 === 1)) delete next[COLUMNS[edit.column]!];
      if (f.layout === 'extra' || (f.layout === 'mixed' && i % 3 === 2)) next.Extra = edit.value;
      current.push(next);
      if (edit.what === 9) current.push({ ...next }); // repeated in the current file
    });
    current.sort((a, b) => (f.order[current.indexOf(a) % 90]! % 7) - (f.order[current.indexOf(b) % 90]! % 7));
    const options: DiffOptions = {
      type: 'product',
      ...(f.defaultColumns ? {} : { columns: f.tracked }),
      ignoreImageData: f.ignoreImageData,
      ...(f.givenColumns ? { previousColumns: [KEY, ...COLUMNS], currentColumns: [KEY, 'Name', 'Extra'] } : {}),
    };
    return { previous, current, options };
  });

/** Chunks as text: the new writer hands bytes (UTF-8), the old one strings. */
function memoryStore(): { chunks: string[]; put(n: number, body: Buffer | string): Promise<void>; remove(n: number): Promise<void> } {
  const chunks: string[] = [];
  return {
    chunks,
    put(n: number, body: Buffer | string) {
      chunks[n] = typeof body === 'string' ? body : body.toString('utf8');
      return Promise.resolve();
    },
    remove: () => Promise.resolve(),
  };
}

/** The pages a side's marked rows make with a writer (chunks of 7 rows, written as the rows come). */
async function pages(rows: readonly MarkedRow[], Writer: typeof ChunkWriter | typeof OldChunkWriter): Promise<string[]> {
  const store = memoryStore();
  const writer = new Writer<MarkedRow>(store, { chunkSize: 7, parallel: 2 });
  for (const row of rows) await writer.add(row);
  await writer.close();
  return store.chunks;
}

/** Everything the old streaming form (the oracle's packed index, or rows kept as objects) says about the files. */
function streamed(f: Files, compact: boolean) {
  const index = old.PreviousFileIndex.of(f.options.type, f.previous, { compact });
  const diff = old.createStreamingDiff(index, f.options);
  const current = f.current.map((row) => {
    const result = diff.push(row);
    return { result, marked: markCurrentRow(row, result) };
  });
  const { summary, removed } = diff.finish();
  const previous = [...diff.previousRows()].map(markPreviousRow);
  return { summary, removed, results: current.map((c) => c.result), current: current.map((c) => c.marked), previous };
}

type DigestEngine = { PreviousFileDigest: typeof PreviousFileDigest; createDigestDiff: typeof createDigestDiff; chunkedRowReader: typeof chunkedRowReader };

/** Everything the digest form of `engine` says about the files. */
async function digested(engine: DigestEngine, f: Files) {
  const digest = new engine.PreviousFileDigest(f.options, 2);
  for (const row of f.previous) digest.add(row);
  const diff = engine.createDigestDiff(digest, engine.chunkedRowReader((n) => Promise.resolve(f.previous.slice(n * 5, n * 5 + 5)), 5, 2));
  const results: Awaited<ReturnType<ReturnType<typeof createDigestDiff>['push']>>[] = [];
  for (const row of f.current) results.push(await diff.push(row));
  const { summary } = diff.finish();
  const previous = f.previous.map((row, position) => markPreviousRow(diff.markPrevious(row, position)));
  return { summary, results, current: f.current.map((row, i) => markCurrentRow(row, results[i]!)), previous };
}

/**
 * The digest form as ingest runs it: the previous file's digest saved by a recorder and loaded
 * (fromSaved), the current file's recorded on the way; the previous file's rows read back from its pages as bytes
 * (pageRowReader), the previous side's pages made from those bytes (markPreviousPage, rows
 * copied), in chunks of 7.
 */
async function digestedFromPages(f: Files) {
  const stored: Buffer[] = [];
  const previousWriter = new ChunkWriter<MarkedRow>({ put: (n, body) => Promise.resolve(void (stored[n] = body)), remove: () => Promise.resolve() }, { chunkSize: 5 });
  for (const row of f.previous) await previousWriter.add({ row });
  await previousWriter.close();
  // The previous file's digest as its own ingest saved it (parts of 3 rows), read back.
  const parts: Buffer[] = [];
  const recorder = new DigestRecorder(f.options, (n, bytes) => void (parts[n] = bytes), 3);
  for (const row of f.previous) recorder.add(row);
  const digest = await PreviousFileDigest.fromSaved(f.options, recorder.finish(), (async function* () {
    yield* parts;
  })());
  expect(digest).not.toBeNull();
  const next = new DigestRecorder(f.options, () => undefined, 4);
  const diff = createDigestDiff(digest!, pageRowReader((n) => Promise.resolve(stored[n]!), 5, 2), undefined, next);
  const results: Awaited<ReturnType<ReturnType<typeof createDigestDiff>['push']>>[] = [];
  for (const row of f.current) results.push(await diff.push(row));
  const { summary } = diff.finish();
  expect(next.finish().rows).toBe(f.current.length);
  const store = memoryStore();
  const side = new ChunkWriter<MarkedRow>(store, { chunkSize: 7, parallel: 2 });
  let position = 0;
  for (const page of stored) position += await markPreviousPage(page, position, diff, side);
  await side.close();
  return { summary, results, previousPages: store.chunks };
}

describe('the faster diff engine against the engine it replaced', () => {
  it('gives the same answers and pages on generated files, in every form', async () => {
    await fc.assert(
      fc.asyncProperty(files, async (f) => {
        const expected = old.diffRows(f.previous, f.current, f.options);
        expect(diffRows(f.previous, f.current, f.options)).toEqual(expected);
        const after = await digested({ PreviousFileDigest, createDigestDiff, chunkedRowReader }, f);
        const removedKeys = [...new Set(after.previous.filter((m) => m.mark === 'removed').map((m) => m.row[KEY] ?? ''))];
        // The live digest form against the old streaming form, packed index or rows as objects.
        for (const compact of [true, false]) {
          const oracle = streamed(f, compact);
          expect(after.summary).toEqual(oracle.summary);
          expect(removedKeys).toEqual(oracle.removed);
          expect(after.results).toEqual(oracle.results);
          expect(JSON.stringify(after.current)).toBe(JSON.stringify(oracle.current));
          expect(JSON.stringify(after.previous)).toBe(JSON.stringify(oracle.previous));
          expect(await pages(after.current, ChunkWriter)).toEqual(await pages(oracle.current, OldChunkWriter));
          expect(await pages(after.previous, ChunkWriter)).toEqual(await pages(oracle.previous, OldChunkWriter));
        }
        // ... and against the old digest form.
        const before = await digested(oldDigest as unknown as DigestEngine, f);
        expect(after.summary).toEqual(before.summary);
        expect(after.results).toEqual(before.results);
        expect(JSON.stringify(after.current)).toBe(JSON.stringify(before.current));
        expect(JSON.stringify(after.previous)).toBe(JSON.stringify(before.previous));
        expect(after.summary).toEqual(expected.summary);
        const fromPages = await digestedFromPages(f);
        expect(fromPages.summary).toEqual(before.summary);
        expect(fromPages.results).toEqual(before.results);
        expect(fromPages.previousPages).toEqual(await pages(before.previous, OldChunkWriter));
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});
