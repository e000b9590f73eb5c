/**
 * A page's items read as bytes (page-items.ts) against the page parsed: the same rows, and an
 * item re-marked from the bytes is what JSON.stringify of the parsed row with that mark gives,
 * on pages ChunkWriter wrote (values with quotes, backslashes, newlines, unicode, lone
 * surrogates; integer-like and '__proto__' keys; every mark) and on pages in another form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkWriter } from '../../../../functions/files/domain/chunk-writer.js';
import { createDigestDiff, DigestRecorder, markPreviousPage, pageRowReader, previousMarkMembers, PreviousFileDigest } from '../../../../functions/files/domain/digest-diff.js';
import { type MarkedRow, markPreviousRow } from '../../../../functions/files/domain/marks.js';
import { itemRow, pageItems, remarkedItem } from '../../../../functions/files/domain/page-items.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';

const VALUES = ['', 'a', 'Étoile ✓', '1,450.00', 'say "hi"', 'back\\slash', 'line\nbreak', 'tab\t', '😀', '\ud800', 'nul\u0000in', '}', '},"mark":"x"', '"}]', '\\"', '\u2028'];
const KEYS = ['Style Number', 'Name', 'Price', '2024', '0', '__proto__', 'mark', 'row', 'say "k"', 'Ké'];

const row = fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 6 });
const item: fc.Arbitrary<MarkedRow> = fc.oneof(
  row.map((r) => ({ row: r })),
  row.map((r) => ({ row: r, mark: 'added' as const })),
  row.map((r) => ({ row: r, mark: 'removed' as const })),
  fc.tuple(row, fc.array(fc.constantFrom(...KEYS), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES))).map(([r, changed, old]) => ({ row: r, mark: 'changed' as const, changed, old })),
);

/** The pages ChunkWriter writes for `items`, as bytes. */
async function written(items: readonly MarkedRow[], chunkSize: number): Promise<Buffer[]> {
  const pages: Buffer[] = [];
  const writer = new ChunkWriter<MarkedRow>({ put: (n, body) => Promise.resolve(void (pages[n] = body)), remove: () => Promise.resolve() }, { chunkSize });
  for (const i of items) await writer.add(i);
  await writer.close();
  return pages;
}

describe('page items read as bytes', () => {
  it('finds every row of a ChunkWriter page, and re-marks it as JSON.stringify would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 30 }), fc.integer({ min: 1, max: 12 }), async (items, chunkSize) => {
        const pages = await written(items, chunkSize);
        let at = 0;
        for (const bytes of pages) {
          const parsed = JSON.parse(bytes.toString('utf8')) as MarkedRow[];
          const found = pageItems(bytes);
          expect(found).not.toBeNull();
          expect(found!.count).toBe(parsed.length);
          parsed.forEach((m, i) => {
            expect(itemRow(bytes, found!, i)).toEqual(m.row);
            for (const mark of [{ mark: 'removed' as const }, { mark: 'unchanged' as const }, { mark: 'changed' as const, changedColumns: ['Price', 'say "k"'] }]) {
              const expected = JSON.stringify(markPreviousRow({ row: m.row, ...mark }));
              expect(remarkedItem(bytes, found!, i, previousMarkMembers(mark)).toString('utf8')).toBe(expected);
            }
          });
          at += parsed.length;
        }
        expect(at).toBe(items.length);
      }),
      { numRuns: 300, seed: 21 },
    );
  });

  it('re-serializes a row whose bytes another writer spelt otherwise, and refuses pages in another form', () => {
    const escaped = Buffer.from('[{"row":{"Name":"\\u00e9\\/"}},{"row":{"b":"1","2":"x"},"mark":"added"}]');
    const found = pageItems(escaped)!;
    expect(found.count).toBe(2);
    expect([...found.exact.subarray(0, found.count)]).toEqual([0, 0]);
    expect(remarkedItem(escaped, found, 0, '').toString()).toBe(JSON.stringify({ row: { Name: 'é/' } }));
    expect(remarkedItem(escaped, found, 1, ',"mark":"removed"').toString()).toBe(JSON.stringify({ row: { b: '1', 2: 'x' }, mark: 'removed' }));
    expect(pageItems(Buffer.from(JSON.stringify([{ row: { a: 'b' } }], null, 2)))).toBeNull();
    expect(pageItems(Buffer.from('[{"row":{"a":1}}]'))).toBeNull();
    expect(pageItems(Buffer.from('[{"mark":"added","row":{"a":"b"}}]'))).toBeNull();
    expect(pageItems(Buffer.from('[]'))!.count).toBe(0);
    expect(pageItems(Buffer.from('[{"row":{}}]'))!.count).toBe(1);
  });

  it('marks the previous side from page bytes as from the parsed rows, a page in another form included', async () => {
    const previous: RobotRow[] = Array.from({ length: 23 }, (_, i) => ({ 'Style Number': `S${i % 19}`, Name: i % 4 === 0 ? 'say "hi"' : `n${i}`, Price: `${i}` }));
    const current: RobotRow[] = previous.filter((_, i) => i % 5 !== 0).map((r, i) => (i % 3 === 0 ? { ...r, Price: 'x' } : r));
    const options = { type: 'product' as const, columns: ['Name', 'Price'] };
    const digest = new PreviousFileDigest(options, 4);
    for (const r of previous) digest.add(r);
    const pages = await written(previous.map((r, i) => (i % 2 ? { row: r, mark: 'added' } : { row: r })), 5);
    pages[2] = Buffer.from(JSON.stringify(JSON.parse(pages[2]!.toString()), null, 1)); // another writer's page
    const diff = createDigestDiff(digest, pageRowReader((n) => Promise.resolve(pages[n]!), 5, 2));
    for (const r of current) await diff.push(r);
    diff.finish();
    const out: MarkedRow[] = [];
    const raw: string[] = [];
    const sink = {
      add(m: MarkedRow): undefined {
        out.push(m);
      },
      addRaw(b: Buffer): undefined {
        raw.push(b.toString());
      },
    };
    let position = 0;
    const texts: string[] = [];
    for (const page of pages) {
      out.length = 0;
      raw.length = 0;
      position += await markPreviousPage(page, position, diff, sink);
      texts.push(...raw, ...out.map((m) => JSON.stringify(m)));
    }
    expect(position).toBe(previous.length);
    expect(texts).toEqual(previous.map((r, i) => JSON.stringify(markPreviousRow(diff.markPrevious(r, i)))));
  });
});

describe('a saved digest', () => {
  it('serves only a diff of the same columns', async () => {
    const rows: RobotRow[] = [{ 'Style Number': 'A', Name: 'a', Price: '1' }, { 'Style Number': 'A', Name: 'b', Price: '2' }];
    const parts: Buffer[] = [];
    const recorder = new DigestRecorder({ type: 'product', columns: ['Name'] }, (n, bytes) => void (parts[n] = bytes), 1);
    for (const r of rows) recorder.add(r);
    const header = recorder.finish();
    expect(header).toMatchObject({ format: 1, rows: 2, parts: 2, tracked: ['Name'], firstColumns: ['Style Number', 'Name', 'Price'] });
    const read = async function* () {
      yield* parts;
    };
    expect(await PreviousFileDigest.fromSaved({ type: 'product', columns: ['Price'] }, header, read())).toBeNull();
    expect(await PreviousFileDigest.fromSaved({ type: 'product', columns: ['Name'] }, { ...header, format: 0 }, read())).toBeNull();
    const digest = (await PreviousFileDigest.fromSaved({ type: 'product', columns: ['Name'] }, header, read()))!;
    expect(digest.rowCount).toBe(2);
    expect(digest.lastOf(0)).toBe(1); // a repeated key: its last row is the one matched
    await expect(PreviousFileDigest.fromSaved({ type: 'product', columns: ['Name'] }, { ...header, rows: 3 }, read())).rejects.toThrow(/holds 2 rows/);
  });
});
