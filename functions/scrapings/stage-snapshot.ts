/**
 * The read snapshot of a staged version (docs/product-reads.md), built from the products as
 * staging writes them (issue 7 §2) instead of reading the version back from DynamoDB: each
 * StageFile invocation saves the products it wrote, per brand's period, in pieces of
 * PIECE_PRODUCTS as it goes (it never holds more than a piece a brand):
 *
 *   files/<fileId>/snapshot-parts/<stagedAt>-<from>-<brand index>-<piece>.json.gz   { products }
 *
 * `from` is the chunk the invocation started at and the progress lists how many pieces each
 * invocation saved per brand, so a retried invocation (same progress) overwrites its failed
 * try's pieces and any extra one of the failed try is never read. The last invocation saves its
 * own, then per period reads its pieces (S3 GETs, no DynamoDB), orders them as the version's
 * Query returns them (sort key byte order), keeping the last of products written twice (DynamoDB
 * keeps the last put), and writes the snapshot. Pieces are deleted (listed by prefix) at the end.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { ProductScrape } from './domain/product';

const gz = promisify(gzip);
const gunz = promisify(gunzip);

export const snapshotPartsPrefix = (fileId: string, stagedAt: string) => `files/${fileId}/snapshot-parts/${stagedAt.replace(/[^0-9A-Za-z]/g, '')}-`;
export const snapshotPartKey = (fileId: string, stagedAt: string, from: number, brandIndex: number, piece: number) =>
  `${snapshotPartsPrefix(fileId, stagedAt)}${from}-${brandIndex}-${piece}.json.gz`;

/** Products of one brand held before they are saved as a piece: an invocation holds at most this many a brand. */
export const PIECE_PRODUCTS = 10_000;

/** What one invocation saved: the chunk it started at, and per brand (by index) how many pieces. */
export interface SnapshotPart {
  from: number;
  pieces: number[];
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
    this.saving.push(gz(JSON.stringify({ products })).then((Body) => s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body, ContentType: 'application/json' })).then(() => undefined)));
  }

  /** Save what is held; resolves with what was saved once every piece is stored. */
  async close(): Promise<SnapshotPart> {
    this.held.forEach((h, i) => h.length && this.save(i));
    await Promise.all(this.saving);
    return { from: this.from, pieces: [...this.pieces] };
  }
}

/** The products a brand's pieces hold, in the order written; undefined when one is missing (deleted by a last invocation that failed after). */
export async function loadSnapshotParts(fileId: string, stagedAt: string, parts: readonly SnapshotPart[], brandIndex: number): Promise<ProductScrape[] | undefined> {
  const keys = parts.flatMap((p) => Array.from({ length: p.pieces[brandIndex] ?? 0 }, (_, k) => snapshotPartKey(fileId, stagedAt, p.from, brandIndex, k)));
  const out: ProductScrape[] = [];
  for (const Key of keys) {
    try {
      const got = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key }));
      for (const p of (JSON.parse((await gunz(await got.Body!.transformToByteArray())).toString('utf8')) as { products: ProductScrape[] }).products) out.push(p);
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }
  return out;
}

/** Delete every piece saved for this staging, a failed try's included (best effort: invisible to everyone). */
export async function deleteSnapshotParts(fileId: string, stagedAt: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: env.dataBucket, Prefix: snapshotPartsPrefix(fileId, stagedAt), ContinuationToken: token }));
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
