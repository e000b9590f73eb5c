/**
 * One measured variant of the diff bench, run in its own process so that its memory figures are
 * its own. diff-bench.ts bundles this file with esbuild and runs the bundle on plain Node, as
 * Lambda runs our handlers: `node worker.cjs <variant> <previous.csv> <current.csv>` (it also
 * runs under tsx). Prints one JSON line (WorkerResult) on stdout.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as csvParse } from 'csv-parse';
import daff from 'daff';
import { type ChunkStore, ChunkWriter } from '../functions/files/domain/chunk-writer.js';
import { diffRows } from '../functions/files/domain/diff.js';
import { DigestRecorder, PreviousFileDigest, createDigestDiff, markPreviousPage, pageRowReader } from '../functions/files/domain/digest-diff.js';
import { type MarkedRow, markCurrentRow } from '../functions/files/domain/marks.js';
import { parseRobotFile, parseRobotFileRows } from '../functions/files/domain/parse.js';
import { ROBOT_TYPE_DEFINITIONS } from '../functions/files/domain/robot-types.js';

export const VARIANTS = ['ours-digest', 'ours-digest-csv-parse', 'ours-arrays', 'daff', 'daff-on-csv-parse', 'daff-on-our-parser', 'parse-only'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface WorkerResult {
  readonly variant: Variant;
  readonly totalMs: number;
  /** Phase name -> ms, in order. */
  readonly phases: Record<string, number>;
  readonly found: { added: number; removed: number; changed: number };
  /** Resident set size after imports, before the work. */
  readonly baselineRssMb: number;
  /** Peak resident set size of the process (getrusage ru_maxrss). */
  readonly peakRssMb: number;
  /** Largest heapUsed seen: sampled every 10 ms while the event loop turns, and after each phase. */
  readonly peakHeapMb: number;
  /** What else the variant produced, for the report (e.g. the pages it wrote). */
  readonly detail?: string;
}

const KEY = 'Style Number';
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

let peakHeap = 0;
const sampleHeap = (): void => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};

async function timed<T>(phases: Record<string, number>, name: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  phases[name] = Math.round(performance.now() - started);
  sampleHeap();
  return result;
}

// Every non-key column is compared, as daff compares every column.
const COMPARED = ROBOT_TYPE_DEFINITIONS.product.columns.filter((c) => c !== KEY);

interface Found {
  added: number;
  removed: number;
  changed: number;
  detail?: string;
  /** Set-up inside the variant that is not part of the work measured (taken off the total). */
  untimedMs?: number;
}

/**
 * What ingest does (domain/digest-diff.ts), with a local folder for S3 and the pages it would PUT
 * serialized and dropped: the
 * previous file's rows as its 1000-row pages and its saved digest (written here first, untimed:
 * in ingest its own ingest wrote them), the digest read back (PreviousFileDigest.fromSaved: key
 * hashes + MD5 of the compared cells; DIFF_BENCH_DIGEST_FROM_PAGES=1 builds it from the pages
 * instead, as for a previous file without a saved digest); the current file parsed a batch at a
 * time, diffed (a changed row's old values parsed alone from its page's bytes), marked and
 * serialized, its own digest recorded and saved; then the previous pages read again as bytes,
 * each row copied with its mark. `fastCsv: false`: csv-parse reads every record of both files.
 */
async function runOursDigest(previousPath: string, currentPath: string, phases: Record<string, number>, fastCsv = true): Promise<Found> {
  const dir = mkdtempSync(join(tmpdir(), 'diff-bench-pages-'));
  try {
    const folder: ChunkStore = { put: (n, body) => writeFile(join(dir, `${n}.json`), body), remove: () => Promise.resolve() };
    // Bytes (readChunkBytes in pages.ts), or bytes then text as readChunk (fs's own 'utf8' reading decodes in small pieces, far slower).
    const readPageBytes = (n: number) => readFile(join(dir, `${n}.json`));
    const readPage = async (n: number) => JSON.parse((await readPageBytes(n)).toString('utf8')) as MarkedRow[];
    const options = { type: 'product' as const, columns: COMPARED };
    // The previous file's pages and its saved digest, as its own ingest left them (untimed).
    const pagesAt = performance.now();
    const previousSide = new ChunkWriter<MarkedRow>(folder);
    const previousDigestParts: string[] = [];
    const previousRecorder = new DigestRecorder(options, (n, bytes) => {
      const path = join(dir, `previous-digest-${n}.bin`);
      previousDigestParts.push(path);
      writeFileSync(path, bytes);
    });
    const parsed = parseRobotFileRows(createReadStream(previousPath), { type: 'product', fileName: previousPath, fastCsv });
    for await (const batch of parsed) {
      for (const row of batch) {
        previousRecorder.add(row);
        await previousSide.add({ row });
      }
    }
    const previousPages = await previousSide.close();
    const previousHeader = previousRecorder.finish();
    const startedOver = performance.now() - pagesAt; // not part of the work measured
    const pages = { chunks: 0, chars: 0, digestBytes: 0 };
    const store: ChunkStore = {
      put(_n, body) {
        pages.chunks++;
        pages.chars += body.length; // the bytes a PUT to S3 sends (pages.ts)
        return Promise.resolve();
      },
      remove: () => Promise.resolve(),
    };
    const fromPages = process.env.DIFF_BENCH_DIGEST_FROM_PAGES === '1';
    const digest = await timed(phases, fromPages ? 'previous pages into digest' : 'previous saved digest read', async () => {
      if (fromPages) {
        const d = new PreviousFileDigest(options);
        for (let n = 0; n < previousPages; n++) for (const m of await readPage(n)) d.add(m.row);
        return d;
      }
      const partsRead = async function* () {
        for (const path of previousDigestParts) yield await readFile(path);
      };
      return (await PreviousFileDigest.fromSaved(options, previousHeader, partsRead()))!;
    });
    // This file's digest recorded as it is read, its parts saved (to disk here, S3 in ingest).
    const recorder = new DigestRecorder(options, (n, bytes) => {
      pages.digestBytes += bytes.length;
      writeFileSync(join(dir, `current-digest-${n}.bin`), bytes);
    });
    const diff = createDigestDiff(digest, pageRowReader(readPageBytes, 1000), undefined, recorder);
    const result = await timed(phases, 'parse current + diff + its pages', async () => {
      const rows = parseRobotFileRows(createReadStream(currentPath), { type: 'product', fileName: currentPath, fastCsv });
      const side = new ChunkWriter<MarkedRow>(store);
      for await (const batch of rows) {
        for (const row of batch) {
          const full = side.add(markCurrentRow(row, await diff.push(row)));
          if (full) await full;
        }
      }
      await side.close();
      recorder.finish();
      return diff.finish(rows.stats!.columns);
    });
    await timed(phases, 'previous pages', async () => {
      const side = new ChunkWriter<MarkedRow>(store);
      let position = 0;
      for (let n = 0; n < previousPages; n++) position += await markPreviousPage(await readPageBytes(n), position, diff, side);
      await side.close();
    });
    const s = result.summary;
    return {
      added: s.addedCount,
      removed: s.removedCount,
      changed: s.changedCount,
      detail: `${pages.chunks} page chunks, ${Math.round(pages.chars / 1024 / 1024)} MB of JSON, ${(pages.digestBytes / 1024 / 1024).toFixed(1)} MB of digest saved; the previous file's ${previousPages} pages and digest written first in ${(startedOver / 1000).toFixed(1)} s (untimed)`,
      untimedMs: startedOver,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The array form (assessFile's, ingest's before the streaming forms): both files parsed whole, then diffRows (no pages). */
async function runOursArrays(previousPath: string, currentPath: string, phases: Record<string, number>): Promise<Found> {
  const previous = await timed(phases, 'parse previous', () =>
    parseRobotFile(createReadStream(previousPath), { type: 'product', fileName: previousPath }),
  );
  const current = await timed(phases, 'parse current', () =>
    parseRobotFile(createReadStream(currentPath), { type: 'product', fileName: currentPath }),
  );
  const diff = await timed(phases, 'diff', () =>
    diffRows(previous.rows, current.rows, {
      type: 'product',
      columns: COMPARED,
      previousColumns: previous.stats.columns,
      currentColumns: current.stats.columns,
    }),
  );
  const s = diff.summary;
  return { added: s.addedCount, removed: s.removedCount, changed: s.changedCount };
}

function daffCompare(previous: ReturnType<typeof toTable>, current: ReturnType<typeof toTable>, phases: Record<string, number>) {
  const flags = new daff.CompareFlags();
  flags.addPrimaryKey(KEY);
  const started = performance.now();
  const alignment = daff.compareTables(previous, current, flags).align();
  phases['compareTables + align'] = Math.round(performance.now() - started);
  sampleHeap();
  const output: unknown[][] = [];
  const hiliteStarted = performance.now();
  new daff.TableDiff(alignment, flags).hilite(new daff.TableView(output));
  phases['hilite'] = Math.round(performance.now() - hiliteStarted);
  sampleHeap();
  // Highlighter format: the first cell says what the row is ('+++' added, '---' removed, '->' changed).
  const found = { added: 0, removed: 0, changed: 0 };
  for (const row of output) {
    const action = String(row[0] ?? '');
    if (action === '+++') found.added++;
    else if (action === '---') found.removed++;
    else if (action.endsWith('->')) found.changed++;
  }
  return found;
}

function toTable(rows: unknown[][]) {
  return new daff.TableView(rows);
}

async function runDaff(previousPath: string, currentPath: string, phases: Record<string, number>) {
  const read = (path: string) => {
    const table = new daff.SimpleTable(0, 0);
    new daff.Csv().parseTable(readFileSync(path, 'utf8'), table);
    return table;
  };
  const previous = await timed(phases, 'parse previous', () => read(previousPath));
  const current = await timed(phases, 'parse current', () => read(currentPath));
  return daffCompare(previous, current, phases);
}

async function runDaffOnCsvParse(previousPath: string, currentPath: string, phases: Record<string, number>) {
  const read = async (path: string) => {
    const rows: unknown[][] = [];
    for await (const record of createReadStream(path).pipe(csvParse({ bom: true }))) rows.push(record as unknown[]);
    return toTable(rows);
  };
  const previous = await timed(phases, 'parse previous', () => read(previousPath));
  const current = await timed(phases, 'parse current', () => read(currentPath));
  return daffCompare(previous, current, phases);
}

/**
 * daff's engine fed by OUR parser (parseRobotFileRows with its fast CSV path, as `ours-digest` reads):
 * the rows go into daff tables (header + values in the file's columns), so the two diff engines
 * are compared on equal parsing.
 */
async function runDaffOnOurParser(previousPath: string, currentPath: string, phases: Record<string, number>) {
  const read = async (path: string) => {
    const rows = parseRobotFileRows(createReadStream(path), { type: 'product', fileName: path });
    const table: unknown[][] = [];
    let columns: readonly string[] | undefined;
    for await (const batch of rows) {
      for (const row of batch) {
        if (!columns) {
          columns = ROBOT_TYPE_DEFINITIONS.product.columns;
          table.push([...columns]);
        }
        table.push(columns.map((c) => row[c] ?? ''));
      }
    }
    return toTable(table);
  };
  const previous = await timed(phases, 'parse previous', () => read(previousPath));
  const current = await timed(phases, 'parse current', () => read(currentPath));
  return daffCompare(previous, current, phases);
}

/**
 * Our parser alone on both files, the rows dropped (the parsing every variant on our parser
 * does): taken off the totals, it leaves what each diff engine costs on equal parsing.
 */
async function runParseOnly(previousPath: string, currentPath: string, phases: Record<string, number>): Promise<Found> {
  const read = async (path: string) => {
    let n = 0;
    for await (const batch of parseRobotFileRows(createReadStream(path), { type: 'product', fileName: path })) n += batch.length;
    return n;
  };
  await timed(phases, 'parse previous', () => read(previousPath));
  await timed(phases, 'parse current', () => read(currentPath));
  return { added: 0, removed: 0, changed: 0, detail: 'no diff: counts not applicable' };
}

async function main(): Promise<void> {
  const [variant, previousPath, currentPath] = process.argv.slice(2);
  if (!VARIANTS.includes(variant as Variant) || !previousPath || !currentPath) {
    throw new Error(`usage: diff-bench-worker.ts <${VARIANTS.join('|')}> <previous.csv> <current.csv>`);
  }
  const baselineRss = process.memoryUsage().rss;
  sampleHeap();
  const sampler = setInterval(sampleHeap, 10);
  const phases: Record<string, number> = {};
  const started = performance.now();
  const runs: Record<Variant, (previous: string, current: string, phases: Record<string, number>) => Promise<Found>> = {
    'ours-digest': runOursDigest,
    'ours-digest-csv-parse': (previous, current, phases) => runOursDigest(previous, current, phases, false),
    'daff-on-our-parser': runDaffOnOurParser,
    'ours-arrays': runOursArrays,
    daff: runDaff,
    'daff-on-csv-parse': runDaffOnCsvParse,
    'parse-only': runParseOnly,
  };
  const { detail, untimedMs, ...found } = await runs[variant as Variant](previousPath, currentPath, phases);
  const totalMs = Math.round(performance.now() - started - (untimedMs ?? 0));
  clearInterval(sampler);
  sampleHeap();
  const result: WorkerResult = {
    variant: variant as Variant,
    totalMs,
    phases,
    found,
    baselineRssMb: mb(baselineRss),
    peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
    peakHeapMb: mb(peakHeap),
    ...(detail ? { detail } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
