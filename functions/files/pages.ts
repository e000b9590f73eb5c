/**
 * Processed robot files in the data bucket: each side of a file's comparison (its own rows and
 * the previous file's rows), annotated with the diff marks, in chunks of CHUNK_ROWS rows, so a
 * page of 100 rows per side costs one small GET and a 100k-row file never travels whole.
 *
 *   files/<fileId>/current/<n>.json    rows of this file, in file order
 *   files/<fileId>/previous/<n>.json   rows of the previous file, in its order
 *   files/<fileId>/digest/<n>.bin      this file's digest for the next file's diff (digest-diff.ts)
 *   files/<fileId>/digest/header.json  what the digest is of; written last (no header: no digest)
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { ChunkWriter } from './domain/chunk-writer';
import type { SavedDigestHeader } from './domain/digest-diff';
import type { MarkedRow } from './domain/marks';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';

export { markCurrentRow, markPreviousRow, markRows, type MarkedRow, type RowMark } from './domain/marks';

export const CHUNK_ROWS = 1000;
export type Side = 'current' | 'previous';

export const pagesPrefix = (fileId: string) => `files/${fileId}/`;
const chunkKey = (fileId: string, side: Side, n: number) => `${pagesPrefix(fileId)}${side}/${n}.json`;

/**
 * Writes one side's chunks as its rows come (10 PUTs at a time): `add` each row (awaiting what it
 * returns), then `close()` for the number of chunks, or `discard()` to delete what was written.
 */
export function pageWriter(fileId: string, side: Side): ChunkWriter<MarkedRow> {
  return new ChunkWriter<MarkedRow>(
    {
      async put(n, body) {
        await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: chunkKey(fileId, side, n), Body: body, ContentType: 'application/json' }));
      },
      async remove(n) {
        await s3.send(new DeleteObjectCommand({ Bucket: env.dataBucket, Key: chunkKey(fileId, side, n) }));
      },
    },
    { chunkSize: CHUNK_ROWS, parallel: 10 },
  );
}

/** Write one side in chunks (10 PUTs at a time); returns the number of chunks. */
export async function writeSide(fileId: string, side: Side, rows: readonly MarkedRow[]): Promise<number> {
  const writer = pageWriter(fileId, side);
  for (const row of rows) await writer.add(row);
  return writer.close();
}

/** A GetObject of a key the bucket does not hold (a page deleted by the 180-day lifecycle rule of files/). */
export const isMissingObject = (e: unknown): boolean => (e as { name?: string } | undefined)?.name === 'NoSuchKey';

/** Chunk `n` of one side (1000 rows, or fewer in the last). */
export async function readChunk(fileId: string, side: Side, n: number): Promise<MarkedRow[]> {
  const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: chunkKey(fileId, side, n) }));
  return JSON.parse(await out.Body!.transformToString('utf8')) as MarkedRow[];
}

/** Chunk `n` of one side as its bytes (not decoded: ingest copies the previous file's rows from them). */
export async function readChunkBytes(fileId: string, side: Side, n: number): Promise<Buffer> {
  const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: chunkKey(fileId, side, n) }));
  const bytes = await out.Body!.transformToByteArray();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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

/** Chunks read ahead while the caller works on one: hides S3's round trip, holds a few MB. */
export const READ_AHEAD = 4;

/**
 * Every row of one side, chunk by chunk in order (the approval workflow reads a whole file this
 * way), with up to `readAhead` GETs under way ahead of the chunk being used. `from` starts at a
 * chunk other than the first.
 */
export function readAllRows(fileId: string, side: Side, chunks: number, readAhead = READ_AHEAD, from = 0): AsyncGenerator<MarkedRow[]> {
  return readInOrder((n) => readChunk(fileId, side, n), chunks, readAhead, from);
}

/** `readAllRows`, each chunk as its bytes (`readChunkBytes`). */
export function readAllChunkBytes(fileId: string, side: Side, chunks: number, readAhead = READ_AHEAD): AsyncGenerator<Buffer> {
  return readInOrder((n) => readChunkBytes(fileId, side, n), chunks, readAhead, 0);
}

async function* readInOrder<T>(read: (n: number) => Promise<T>, chunks: number, readAhead: number, from: number): AsyncGenerator<T> {
  const ahead: Promise<T>[] = [];
  let next = from;
  const fill = () => {
    while (next < chunks && ahead.length < readAhead) {
      const p = read(next++);
      p.catch(() => undefined); // awaited below, in order; a failure then rejects the loop
      ahead.push(p);
    }
  };
  fill();
  while (ahead.length) {
    const chunk = await ahead.shift()!;
    fill();
    yield chunk;
  }
}

const digestKey = (fileId: string, name: string) => `${pagesPrefix(fileId)}digest/${name}`;

/**
 * Saves a file's digest as a `DigestRecorder` hands its parts over (each PUT started at once),
 * then its header once every part is stored. Best effort: a failed part leaves no header, and the
 * next file's diff reads this file's pages instead (as for a file ingested before the digests).
 */
export function digestSaver(fileId: string): { onPart(n: number, bytes: Buffer): void; finish(header: SavedDigestHeader): Promise<boolean> } {
  const puts: Promise<unknown>[] = [];
  return {
    onPart(n, bytes) {
      const put = s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: digestKey(fileId, `${n}.bin`), Body: bytes, ContentType: 'application/octet-stream' }));
      put.catch(() => undefined); // awaited in finish
      puts.push(put);
    },
    async finish(header) {
      const done = await Promise.allSettled(puts);
      if (done.some((d) => d.status === 'rejected')) return false;
      await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: digestKey(fileId, 'header.json'), Body: JSON.stringify(header), ContentType: 'application/json' }));
      return true;
    },
  };
}

/** The header of a file's saved digest, or null when it has none (ingested before the digests, or its save failed). */
export async function readDigestHeader(fileId: string): Promise<SavedDigestHeader | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: digestKey(fileId, 'header.json') }));
    return JSON.parse(await out.Body!.transformToString('utf8')) as SavedDigestHeader;
  } catch (e) {
    if (isMissingObject(e)) return null;
    throw e;
  }
}

/** The parts of a file's saved digest, in order (two GETs ahead). */
export function readDigestParts(fileId: string, parts: number): AsyncGenerator<Uint8Array> {
  return readInOrder(
    async (n) => {
      const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: digestKey(fileId, `${n}.bin`) }));
      return out.Body!.transformToByteArray();
    },
    parts,
    2,
    0,
  );
}
