/**
 * The read snapshot of a staged version (docs/product-reads.md), built from the products as
 * staging writes them (issue 7 §2) instead of reading the version back from DynamoDB: each
 * StageFile invocation saves the products it wrote, per brand's period, in pieces of
 * PIECE_PRODUCTS as it goes (it never holds more than a piece a brand):
 *
 *   files/<fileId>/snapshot-parts/<stagedAt>-<from>-<brand index>-<piece>.ndjson.gz
 *
 * A piece is sorted as the version's Query returns products (sort key byte order), one product
 * per id (the last written: DynamoDB keeps the last put), one line a product: its id (JSON), a
 * tab, 1 if it counts as flagged else 0, a tab, the product (JSON).
 *
 * `from` is the chunk the invocation started at and the progress lists how many pieces each
 * invocation saved per brand, so a retried invocation (same progress) overwrites its failed
 * try's pieces and any extra one of the failed try is never read. The last invocation saves its
 * own, then per period merges its pieces (S3 GETs, no DynamoDB): every piece held compressed,
 * read a line at a time through its own gunzip, the lowest id written next (of equal ids, the
 * later piece's), the snapshot's JSON text gzip'd as it is written. So a 200,000-product period
 * never has its products in memory at once, only its pieces' compressed bytes and the
 * snapshot's (and the key fields of each product, for its read keys). Pieces are deleted (listed
 * by prefix) at the end.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gzip } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { ProductScrape } from './domain/product';
import { buildReadKeys, keyProduct, type ReadKeysJson } from './domain/read-keys';

const gz = promisify(gzip);

export const snapshotPartsPrefix = (fileId: string, stagedAt: string) => `files/${fileId}/snapshot-parts/${stagedAt.replace(/[^0-9A-Za-z]/g, '')}-`;
export const snapshotPartKey = (fileId: string, stagedAt: string, from: number, brandIndex: number, piece: number) =>
  `${snapshotPartsPrefix(fileId, stagedAt)}${from}-${brandIndex}-${piece}.ndjson.gz`;

/** Products of one brand held before they are saved as a piece: an invocation holds at most this many a brand. */
export const PIECE_PRODUCTS = 10_000;

/** What one invocation saved: the chunk it started at, and per brand (by index) how many pieces. */
export interface SnapshotPart {
  from: number;
  pieces: number[];
}

/** A piece's line of a product (see above). */
export function pieceLine(p: ProductScrape): string {
  return `${JSON.stringify(p._id)}\t${p.isFlagged === 'yes' && p.type !== 'deleted' ? 1 : 0}\t${JSON.stringify(p)}`;
}

/** A piece's text: its products in stored order, one per id, a line each. */
export function pieceText(products: readonly ProductScrape[]): string {
  return inStoredOrder('', products).map((p) => pieceLine(p) + '\n').join('');
}

/**
 * The products one invocation writes, per brand, saved a piece of PIECE_PRODUCTS at a time (so
 * the invocation holds a few pieces, not all it staged). A retry overwrites its failed try's
 * pieces and says how many are its own (`close`): extra pieces of the failed try are never read.
 */
export class SnapshotPartWriter {
  private readonly held: ProductScrape[][];
  private readonly pieces: number[];
  private readonly saving: Promise<void>[] = [];

  constructor(
    private readonly fileId: string,
    private readonly stagedAt: string,
    private readonly from: number,
    brands: number,
  ) {
    this.held = Array.from({ length: brands }, () => []);
    this.pieces = Array.from({ length: brands }, () => 0);
  }

  add(brandIndex: number, product: ProductScrape): void {
    const held = this.held[brandIndex]!;
    held.push(product);
    if (held.length >= PIECE_PRODUCTS) this.save(brandIndex);
  }

  private save(brandIndex: number): void {
    const products = this.held[brandIndex]!;
    this.held[brandIndex] = [];
    const key = snapshotPartKey(this.fileId, this.stagedAt, this.from, brandIndex, this.pieces[brandIndex]!++);
    this.saving.push(gz(pieceText(products)).then((Body) => s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body, ContentType: 'application/x-ndjson' })).then(() => undefined)));
  }

  /** Save what is held; resolves with what was saved once every piece is stored. */
  async close(): Promise<SnapshotPart> {
    this.held.forEach((h, i) => h.length && this.save(i));
    await Promise.all(this.saving);
    return { from: this.from, pieces: [...this.pieces] };
  }
}

/** The lines of a gzip'd text, one at a time (without their newline), decompressed as they are read. */
export async function* gzLines(compressed: Uint8Array): AsyncGenerator<string> {
  let rest = '';
  // Decoded as a stream: a character cut between two chunks is joined again.
  for await (const chunk of Readable.from([compressed]).pipe(createGunzip({ chunkSize: 64 * 1024 })).setEncoding('utf8')) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  if (rest) yield rest;
}

interface Cursor {
  lines: AsyncGenerator<string>;
  line: string;
  key: Buffer;
}

async function advance(c: Cursor): Promise<boolean> {
  const next = await c.lines.next();
  if (next.done) return false;
  c.line = next.value;
  c.key = Buffer.from(JSON.parse(next.value.slice(0, next.value.indexOf('\t'))) as string, 'utf8');
  return true;
}

/**
 * Merge sorted pieces' lines (in the order written: a later piece's product is the later write)
 * into the products of the version in stored order, one per id (the latest piece's): yields each
 * product's JSON text and whether it counts as flagged. Holds one line a piece.
 */
export async function* mergePieces(pieces: readonly AsyncGenerator<string>[]): AsyncGenerator<{ json: string; flagged: boolean }> {
  const open: Cursor[] = [];
  for (const lines of pieces) {
    const c: Cursor = { lines, line: '', key: Buffer.alloc(0) };
    if (await advance(c)) open.push(c);
  }
  while (open.length) {
    // The lowest id; of equal ids, the last piece's (open keeps the pieces' order).
    let min = 0;
    for (let i = 1; i < open.length; i++) if (Buffer.compare(open[i]!.key, open[min]!.key) <= 0) min = i;
    const key = open[min]!.key;
    const line = open[min]!.line;
    const tab = line.indexOf('\t');
    yield { json: line.slice(tab + 3), flagged: line[tab + 1] === '1' };
    for (let i = open.length - 1; i >= 0; i--) {
      if (Buffer.compare(open[i]!.key, key) === 0 && !(await advance(open[i]!))) open.splice(i, 1);
    }
  }
}

/**
 * The read snapshot of one brand's period from its pieces: `{"seq":0,"products":[...]}` (as
 * JSON.stringify writes it), gzip'd as it is merged, and its read keys (domain/read-keys.ts: the
 * key fields of each product, kept as it passes, and every sort order). Returns both, the flagged
 * count; undefined when a piece is missing (deleted by a last invocation that failed after).
 */
export async function snapshotFromParts(
  fileId: string,
  stagedAt: string,
  parts: readonly SnapshotPart[],
  brandIndex: number,
  periodId: string,
): Promise<{ body: Buffer; keys: ReadKeysJson; flagged: number; products: number } | undefined> {
  const keys = parts.flatMap((p) => Array.from({ length: p.pieces[brandIndex] ?? 0 }, (_, k) => snapshotPartKey(fileId, stagedAt, p.from, brandIndex, k)));
  const compressed: Uint8Array[] = [];
  for (const Key of keys) {
    try {
      const got = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key }));
      compressed.push(await got.Body!.transformToByteArray());
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }
  const out = createGzip();
  const body: Buffer[] = [];
  out.on('data', (c: Buffer) => body.push(c));
  const ended = once(out, 'end');
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let flagged = 0;
  let products = 0;
  const keyed: ProductScrape[] = [];
  await write('{"seq":0,"products":[');
  for await (const p of mergePieces(compressed.map((c) => gzLines(c)))) {
    await write(products++ === 0 ? p.json : ',' + p.json);
    keyed.push(keyProduct(periodId, JSON.parse(p.json) as ProductScrape));
    if (p.flagged) flagged++;
  }
  out.end(']}');
  await ended;
  return { body: Buffer.concat(body), keys: buildReadKeys(periodId, 0, keyed), flagged, products };
}

/**
 * Delete every piece saved for the file's staging, of any `stagedAt`: a failed try's included, and
 * a retried first invocation's lost try (it staged under a `stagedAt` of its own that nobody reads).
 * One staging of a file runs at a time. Best effort: the pieces are invisible to everyone.
 */
export async function deleteSnapshotParts(fileId: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: env.dataBucket, Prefix: `files/${fileId}/snapshot-parts/`, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((c) => c.Key!);
    await Promise.allSettled(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: env.dataBucket, Key }))));
    token = page.NextContinuationToken;
  } while (token);
}

/**
 * A version's products in the order its Query returns them (sk `PRODUCT#<version>#<key>`, the
 * key being the id after the period id; DynamoDB compares UTF-8 bytes), one product per id: the
 * last one given (the later write). Pure.
 */
export function inStoredOrder(periodId: string, products: readonly ProductScrape[]): ProductScrape[] {
  const keyed = products.map((p, i) => ({ p, i, k: Buffer.from(p._id.slice(periodId.length), 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.k, b.k) || a.i - b.i);
  const out: ProductScrape[] = [];
  for (let j = 0; j < keyed.length; j++) {
    const next = keyed[j + 1];
    if (next && Buffer.compare(next.k, keyed[j]!.k) === 0) continue;
    out.push(keyed[j]!.p);
  }
  return out;
}
