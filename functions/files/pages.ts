/**
 * Processed robot files in the data bucket: each side of a file's comparison (its own rows and
 * the previous file's rows), annotated with the diff marks, in chunks of CHUNK_ROWS rows, so a
 * page of 100 rows per side costs one small GET and a 100k-row file never travels whole.
 *
 *   files/<fileId>/current/<n>.json    rows of this file, in file order
 *   files/<fileId>/previous/<n>.json   rows of the previous file, in its order
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { RowsDiff } from './domain/diff';
import type { RobotRow } from './domain/robot-types';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';

export const CHUNK_ROWS = 1000;
export type Side = 'current' | 'previous';
export type RowMark = 'added' | 'removed' | 'changed';

/** A row with how it compares: `changed` lists the tracked columns that differ, `old` their previous values. */
export interface MarkedRow {
  row: RobotRow;
  mark?: RowMark;
  changed?: string[];
  old?: Record<string, string>;
}

export const pagesPrefix = (fileId: string) => `files/${fileId}/`;
const chunkKey = (fileId: string, side: Side, n: number) => `${pagesPrefix(fileId)}${side}/${n}.json`;

/** Annotate both sides with the diff's marks. */
export function markRows(previous: readonly RobotRow[], current: readonly RobotRow[], diff: RowsDiff | null, keyColumn: string): { current: MarkedRow[]; previous: MarkedRow[] } {
  if (!diff) return { current: current.map((row) => ({ row })), previous: previous.map((row) => ({ row })) };
  const added = new Set(diff.added);
  const removed = new Set(diff.removed);
  const changed = new Map(diff.changed.map((c) => [c.key, c.changes]));
  return {
    current: current.map((row) => {
      const k = row[keyColumn] ?? '';
      if (added.has(k)) return { row, mark: 'added' };
      const ch = changed.get(k);
      if (!ch) return { row };
      return { row, mark: 'changed', changed: Object.keys(ch), old: Object.fromEntries(Object.entries(ch).map(([c, v]) => [c, v.old])) };
    }),
    previous: previous.map((row) => {
      const k = row[keyColumn] ?? '';
      if (removed.has(k)) return { row, mark: 'removed' };
      const ch = changed.get(k);
      return ch ? { row, mark: 'changed', changed: Object.keys(ch) } : { row };
    }),
  };
}

/** Write one side in chunks (10 PUTs at a time); returns the number of chunks. */
export async function writeSide(fileId: string, side: Side, rows: readonly MarkedRow[]): Promise<number> {
  const count = Math.ceil(rows.length / CHUNK_ROWS);
  const jobs = Array.from({ length: count }, (_, n) => n);
  for (let i = 0; i < jobs.length; i += 10) {
    await Promise.all(
      jobs.slice(i, i + 10).map((n) =>
        s3.send(
          new PutObjectCommand({
            Bucket: env.dataBucket,
            Key: chunkKey(fileId, side, n),
            Body: JSON.stringify(rows.slice(n * CHUNK_ROWS, (n + 1) * CHUNK_ROWS)),
            ContentType: 'application/json',
          }),
        ),
      ),
    );
  }
  return count;
}

async function readChunk(fileId: string, side: Side, n: number): Promise<MarkedRow[]> {
  const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: chunkKey(fileId, side, n) }));
  return JSON.parse(await out.Body!.transformToString('utf8')) as MarkedRow[];
}

/** Rows [offset, offset+limit) of one side (reads at most two chunks). */
export async function readRows(fileId: string, side: Side, offset: number, limit: number, total: number): Promise<MarkedRow[]> {
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(offset + limit, total);
  const first = Math.floor(offset / CHUNK_ROWS);
  const last = Math.floor((end - 1) / CHUNK_ROWS);
  const out: MarkedRow[] = [];
  for (let n = first; n <= last; n++) {
    const chunk = await readChunk(fileId, side, n);
    const from = n === first ? offset - n * CHUNK_ROWS : 0;
    const to = n === last ? end - n * CHUNK_ROWS : CHUNK_ROWS;
    out.push(...chunk.slice(from, to));
  }
  return out;
}

/** Every row of one side, chunk by chunk (the approval workflow reads a whole file this way). */
export async function* readAllRows(fileId: string, side: Side, chunks: number): AsyncGenerator<MarkedRow[]> {
  for (let n = 0; n < chunks; n++) yield await readChunk(fileId, side, n);
}
