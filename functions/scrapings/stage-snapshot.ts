/**
 * The read snapshot of a staged version (docs/product-reads.md), built from the products as
 * staging writes them (issue 7 §2) instead of reading the version back from DynamoDB: each
 * StageFile invocation but the last saves the products it wrote, one part per brand's period,
 * beside its staging state:
 *
 *   files/<fileId>/snapshot-parts/<stagedAt>-<from>-<brand index>.json.gz   { products }
 *
 * `from` is the chunk the invocation started at, so a retried invocation (same progress)
 * overwrites the parts of its failed try, every brand's included (an empty one too): no part of a
 * failed try survives beside the retry's. The last invocation reads its period's parts (S3, one
 * GET each) and adds its own products, then writes the snapshot in the order the version's Query
 * returns (sort key byte order), keeping the last of products written twice (DynamoDB keeps the
 * last put). Parts are deleted with the staging states.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { ProductScrape } from './domain/product';

const gz = promisify(gzip);
const gunz = promisify(gunzip);

export const snapshotPartKey = (fileId: string, stagedAt: string, from: number, brandIndex: number) =>
  `files/${fileId}/snapshot-parts/${stagedAt.replace(/[^0-9A-Za-z]/g, '')}-${from}-${brandIndex}.json.gz`;

/** PutObject of one brand's part (overwrite: a retry replaces its failed try's). */
export async function saveSnapshotPart(fileId: string, stagedAt: string, from: number, brandIndex: number, products: readonly ProductScrape[]): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: env.dataBucket,
      Key: snapshotPartKey(fileId, stagedAt, from, brandIndex),
      Body: await gz(JSON.stringify({ products })),
      ContentType: 'application/json',
    }),
  );
}

/** The products of one part; undefined when it is missing (deleted by a last invocation that failed after). */
export async function loadSnapshotPart(fileId: string, stagedAt: string, from: number, brandIndex: number): Promise<ProductScrape[] | undefined> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: snapshotPartKey(fileId, stagedAt, from, brandIndex) }));
    return (JSON.parse((await gunz(await out.Body!.transformToByteArray())).toString('utf8')) as { products: ProductScrape[] }).products;
  } catch (e) {
    if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
    throw e;
  }
}

/** Delete the parts of these invocations (best effort: invisible to everyone). */
export async function deleteSnapshotParts(fileId: string, stagedAt: string, froms: readonly number[], brands: number): Promise<void> {
  const keys = froms.flatMap((f) => Array.from({ length: brands }, (_, b) => snapshotPartKey(fileId, stagedAt, f, b)));
  await Promise.allSettled(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: env.dataBucket, Key }))));
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
