/**
 * The ingest Lambda on fakes of S3 and the repositories: the streaming ingest writes the File
 * record and the comparison pages that the array form (parseRobotFile + assessFile + markRows +
 * 1000-row chunks) gives for the same files, and a file refused half-way leaves no pages.
 */
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assessFile, normalizeThresholdSettings } from '../../../functions/files/domain/flag';
import { markRows } from '../../../functions/files/domain/marks';
import { parseRobotFile } from '../../../functions/files/domain/parse';
import type { RobotRow } from '../../../functions/files/domain/robot-types';
import type { FileRecord } from '../../../functions/files/files.repo';

const fake = vi.hoisted(() => ({
  objects: new Map<string, string | Buffer>(),
  files: new Map<string, unknown>(),
  previous: undefined as unknown,
  puts: [] as string[],
  deletes: [] as string[],
  alerts: [] as string[],
  approvals: [] as string[],
  /** What robot health was given of each file (issue 25). */
  health: [] as { _id: string; health?: unknown }[],
}));

vi.mock('../../../functions/lib/clients/s3', () => ({
  s3: {
    async send(command: { constructor: { name: string }; input: { Key: string; Body?: string } }) {
      const key = command.input.Key;
      switch (command.constructor.name) {
        case 'HeadObjectCommand':
          return { ETag: `"etag-${String(fake.objects.get(key)?.length)}"` };
        case 'GetObjectCommand': {
          const body = fake.objects.get(key);
          if (body === undefined) throw Object.assign(new Error(`NoSuchKey ${key}`), { name: 'NoSuchKey' });
          const bytes = Buffer.from(body);
          // Streamed in small chunks, as S3 does; a key ending in `broken.csv` breaks off half-way.
          const parts: Buffer[] = [];
          for (let i = 0; i < bytes.length; i += 16_384) parts.push(bytes.subarray(i, i + 16_384));
          async function* broken(): AsyncGenerator<Buffer> {
            yield* parts.slice(0, parts.length / 2);
            throw new Error('socket hang up');
          }
          const stream = key.endsWith('broken.csv') ? Readable.from(broken()) : Readable.from(parts);
          return { Body: Object.assign(stream, { transformToString: async () => bytes.toString('utf8'), transformToByteArray: async () => new Uint8Array(bytes) }) };
        }
        case 'PutObjectCommand':
          fake.puts.push(key);
          fake.objects.set(key, command.input.Body!);
          return {};
        case 'DeleteObjectCommand':
          fake.deletes.push(key);
          fake.objects.delete(key);
          return {};
        default:
          throw new Error(`unexpected ${command.constructor.name}`);
      }
    },
  },
}));
vi.mock('../../../functions/files/files.repo', () => ({
  getFile: async (id: string) => fake.files.get(id),
  createFileOnce: async (f: { _id: string }) => {
    if (fake.files.has(f._id)) return false;
    fake.files.set(f._id, f);
    return true;
  },
  findPreviousFile: async () => fake.previous,
  claimApproval: async () => true,
  releaseApproval: async () => true,
  markIngestStep: async (id: string, step: string, value: unknown) => {
    const f = fake.files.get(id) as { steps: Record<string, unknown> };
    f.steps = { ...f.steps, [step]: value };
  },
}));
vi.mock('../../../functions/retailers/retailers.repo', () => ({
  getRetailerBySlug: async (slug: string) => ({ _id: `ret-${slug}`, name: `Store ${slug}` }),
}));
vi.mock('../../../functions/settings/settings.repo', () => ({ getSettings: async () => ({}) }));
vi.mock('../../../functions/files/alerts', () => ({
  alertReview: async (f: { _id: string }) => {
    fake.alerts.push(f._id);
  },
}));
vi.mock('../../../functions/lib/workflow', () => ({
  startApproval: async (input: { fileId: string }) => {
    fake.approvals.push(input.fileId);
    return { status: 'SUCCEEDED' };
  },
}));
vi.mock('../../../functions/robot-health', async (original) => ({
  ...(await original<typeof import('../../../functions/robot-health')>()),
  recordRobotFile: async (f: { _id: string; health?: unknown }) => {
    fake.health.push({ _id: f._id, health: f.health });
  },
}));
vi.mock('../../../functions/inventory/ingest-oh', () => ({ ingestOhFeed: async () => ({ errors: [] }) }));

const { ingestObject } = await import('../../../functions/files/ingest');

const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';

function productCsv(n: number, change: (i: number) => Partial<Record<'price' | 'name', string>> | 'skip' | undefined = () => undefined): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const c = change(i);
    if (c === 'skip') continue;
    const sn = `PS-${1000 + i}`;
    lines.push([sn, c?.name ?? `Piece ${i}`, 'House', `PH-${i}`, `"${c?.price ?? '1,250.00'}"`, `"Piece ${i}, in leather"`, `https://img/${sn}.jpg|https://img/${sn}-2.jpg`, `https://shop/${sn}`, `https://shots/${sn}.png`, 'In stock', ''].join(','));
  }
  return lines.join('\n') + '\n';
}

/** The pages a side would have in the array form: 1000-row JSON chunks. */
function chunked(rows: unknown[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) out.push(JSON.stringify(rows.slice(i, i + 1000)));
  return out;
}

function pagesOf(fileId: string, side: 'current' | 'previous'): string[] {
  const out: string[] = [];
  for (let n = 0; fake.objects.has(`files/${fileId}/${side}/${n}.json`); n++) out.push(String(fake.objects.get(`files/${fileId}/${side}/${n}.json`)));
  return out;
}

beforeEach(() => {
  process.env.DATA_BUCKET = 'data-bucket';
  fake.objects.clear();
  fake.files.clear();
  fake.previous = undefined;
  fake.puts.length = 0;
  fake.deletes.length = 0;
  fake.alerts.length = 0;
  fake.approvals.length = 0;
});

describe('ingest, streaming', () => {
  // The second file diffs against the first's saved digest, or, without it (a file ingested
  // before the digests), against the first's pages: the same record and pages either way.
  it.each([true, false])('writes the File record and the pages of the array form (previous digest saved: %s)', async (saved) => {
    const firstKey = 'incoming/product/store/2012-01-05/robot.csv';
    const secondKey = 'incoming/product/store/2012-01-12/robot.csv';
    const first = productCsv(2_500);
    const second = productCsv(2_600, (i) => (i % 97 === 0 ? { price: '999.00' } : i === 10 || i === 2_000 ? 'skip' : i % 500 === 1 ? { name: 'Renamed' } : undefined));
    fake.objects.set(firstKey, first);
    fake.objects.set(secondKey, second);

    const one = await ingestObject('bucket', firstKey);
    expect(one).toMatchObject({ created: true, flag: 'caution' });
    const firstRecord = fake.files.get(one.fileId!) as FileRecord;
    const firstRows = (await parseRobotFile(first, { type: 'product' })).rows;
    expect(firstRecord).toMatchObject({ rowCount: 2_500, currentPages: 3, previousPages: 0, pageSize: 1000, diff: undefined, previousRowCount: undefined });
    expect(pagesOf(one.fileId!, 'current')).toEqual(chunked(firstRows.map((row) => ({ row }))));
    expect(pagesOf(one.fileId!, 'previous')).toEqual([]);
    const header = `files/${one.fileId}/digest/header.json`;
    expect(JSON.parse(String(fake.objects.get(header)))).toMatchObject({ format: 1, rows: 2_500, parts: 1, keyColumn: 'Style Number' });
    if (!saved) fake.objects.delete(header);
    // Robot health took the file first, with its columns and its tracked columns' empty shares (no price, picture or link is empty here).
    expect(fake.health.at(-1)).toEqual({ _id: one.fileId, health: { columns: HEADER.split(','), emptyShares: { Price: 0, 'Image URLs': 0, 'Product URL': 0 } } });

    fake.previous = firstRecord;
    const two = await ingestObject('bucket', secondKey);
    const record = fake.files.get(two.fileId!) as FileRecord;

    // The array form, as ingest did it before.
    const parsed = await parseRobotFile(second, { type: 'product' });
    const previousRows: RobotRow[] = pagesOf(one.fileId!, 'current').flatMap((page) => (JSON.parse(page) as { row: RobotRow }[]).map((m) => m.row));
    const assessment = assessFile({
      settings: normalizeThresholdSettings({}),
      type: 'product',
      robotName: 'robot',
      previousRows,
      currentRows: parsed.rows,
      currentColumns: parsed.stats.columns,
    });
    const marked = markRows(previousRows, parsed.rows, assessment.diff, 'Style Number');
    const s = assessment.diff!.summary;
    expect(s).toMatchObject({ addedCount: 100, removedCount: 2, changedCount: 31 });

    expect(two).toEqual({ key: secondKey, fileId: two.fileId, created: true, flag: assessment.flag });
    expect(record).toMatchObject({
      flag: assessment.flag,
      flagReasons: assessment.reasons,
      rowCount: parsed.rows.length,
      previousFileId: one.fileId,
      previousDate: '2012-01-05',
      previousRowCount: 2_500,
      diff: { added: s.addedCount, removed: s.removedCount, changed: s.changedCount, unchanged: s.unchangedCount },
      pagesPrefix: `s3://data-bucket/files/${two.fileId}/`,
      pageSize: 1000,
      currentPages: 3,
      previousPages: 3,
    });
    expect(pagesOf(two.fileId!, 'current')).toEqual(chunked(marked.current));
    expect(pagesOf(two.fileId!, 'previous')).toEqual(chunked(marked.previous));

    // The same object again: one File, and nothing left to do (its approval was started once).
    expect(await ingestObject('bucket', secondKey)).toEqual({ key: secondKey, fileId: two.fileId, created: false, flag: 'unflagged', resumed: [] });
  });

  it('files a file refused after thousands of rows with the parser message, and deletes the pages it had written', async () => {
    const key = 'incoming/product/store/2012-02-02/robot.csv';
    const lines = productCsv(3_500).trimEnd().split('\n');
    lines.push(lines[1]!); // the first row's key again, on line 3502
    fake.objects.set(key, lines.join('\n') + '\n');

    const result = await ingestObject('bucket', key);
    expect(result).toMatchObject({ created: true, flag: 'require_review' });
    expect(result.error).toBe('Line 3502: Style Number "PS-1000" appears again (first on line 2).');
    const record = fake.files.get(result.fileId!) as FileRecord;
    expect(record).toMatchObject({ error: result.error, flagReasons: [result.error], rowCount: 0 });
    expect(record.currentPages).toBeUndefined();
    expect(fake.puts.length).toBeGreaterThan(0); // pages were written while the rows came...
    expect([...fake.objects.keys()].filter((k) => k.startsWith('files/'))).toEqual([]); // ...and deleted
    expect(fake.alerts).toEqual([result.fileId]);
    expect(fake.approvals).toEqual([]);
    // Robot health was told the file could not be read, and why (a broken robot).
    expect(fake.health.at(-1)).toEqual({ _id: result.fileId, health: { columns: [], emptyShares: {}, errorCode: 'DUPLICATE_KEY' } });
  });

  it('fails on a read error for the retry, with no File record and the pages left for the retry to overwrite', async () => {
    const key = 'incoming/product/store/2012-02-09/broken.csv';
    fake.objects.set(key, productCsv(5_000));
    await expect(ingestObject('bucket', key)).rejects.toThrow('socket hang up');
    expect(fake.files.size).toBe(0);
    expect(fake.puts.length).toBeGreaterThan(0);
    expect(fake.deletes).toEqual([]);
    expect(fake.alerts).toEqual([]);
  });
});
