/**
 * Every picture the checks compare, fetched and fingerprinted once (issue 38 §2: "content-addressed
 * by its bytes, never once per scan"), in two memos of the table:
 *
 *   PICREF#<digest of the picture's address or key> / PICREF   the bytes' SHA-256 it had (or why it could not be read)
 *   PICHASH#<SHA-256> / PICHASH                                 the fingerprint of those bytes
 *
 * A scan showing the pictures the last one showed fetches nothing; a new address whose bytes were
 * seen before (a robot storing the same picture again) is fetched but not fingerprinted again.
 * A picture that cannot be read (gone, too large, not a picture) is remembered for a day, so a
 * broken address is not fetched for every chunk; the checks skip it.
 */
import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PictureHash } from '../../shared/content';
import { fetchPicture, ImageFetchError } from '../basket';
import { ddb } from '../lib/clients/dynamodb';
import { mapLimit } from '../lib/map-limit';
import { batchGetItems, table } from '../lib/table';
import { batchWrite } from '../scrapings';
import { fingerprint, PictureError } from './domain/picture-hash';

/** Pictures fetched and fingerprinted at once in one Lambda. */
export const FETCH_CONCURRENCY = 8;
/** How long an address keeps the bytes it had, and a failure, before it is read again. */
export const REF_TTL_SECONDS = 30 * 24 * 3600;
export const FAILED_REF_TTL_SECONDS = 24 * 3600;

export type PictureResult = PictureHash | { error: string };
const refPk = (ref: string) => `PICREF#${createHash('sha256').update(ref).digest('base64url').slice(0, 32)}`;
const hashPk = (sha256: string) => `PICHASH#${sha256}`;
const epoch = () => Math.floor(Date.now() / 1000);

/** The items of these pks (sk = `sk`), by pk. */
const batchGet = async (pks: readonly string[], sk: string): Promise<Map<string, Record<string, unknown>>> =>
  new Map((await batchGetItems(pks.map((pk) => ({ pk, sk })))).map((i) => [String(i.pk), i]));

const asResult = (i: Record<string, unknown>): PictureResult =>
  typeof i.error === 'string' ? { error: i.error } : { sha256: String(i.sha256), phashes: i.phashes as string[], colors: i.colors as number[], width: Number(i.width), height: Number(i.height) };

/**
 * The fingerprint of each picture (an address or a stored key), or why it could not be read.
 * Memory holds the pictures in flight only (FETCH_CONCURRENCY), whatever the number of pictures.
 */
export async function hashPictures(refs: readonly string[], fetch: typeof fetchPicture = fetchPicture): Promise<Map<string, PictureResult>> {
  const wanted = [...new Set(refs)];
  const result = new Map<string, PictureResult>();
  const now = epoch();
  const known = await batchGet(wanted.map(refPk), 'PICREF');
  const shaOf = new Map<string, string>();
  for (const ref of wanted) {
    const memo = known.get(refPk(ref));
    if (!memo || Number(memo[table.ttl] ?? 0) <= now) continue;
    if (typeof memo.error === 'string') result.set(ref, { error: memo.error });
    else if (typeof memo.sha256 === 'string') shaOf.set(ref, memo.sha256);
  }
  // Fingerprints by content (the bytes' SHA-256): the ones known are read in one round.
  const hashes = new Map<string, PictureResult>();
  for (const [pk, item] of await batchGet([...new Set(shaOf.values())].map(hashPk), 'PICHASH')) hashes.set(pk.slice('PICHASH#'.length), asResult(item));

  const computing = new Map<string, Promise<PictureResult>>();
  /** The fingerprint of new bytes: computed once per content (another address with the same bytes waits for it), written at once. */
  const fingerprintOf = (sha: string, bytes: Buffer): Promise<PictureResult> => {
    const known = hashes.get(sha);
    if (known) return Promise.resolve(known);
    let p = computing.get(sha);
    if (!p) {
      p = (async () => {
        let out: PictureResult;
        try {
          out = await fingerprint(bytes);
        } catch (e) {
          if (!(e instanceof PictureError)) throw e;
          out = { error: e.message };
        }
        await ddb.send(new PutCommand({ TableName: table.name, Item: { pk: hashPk(sha), sk: 'PICHASH', entity: 'PictureHash', ...out, sha256: sha } }));
        hashes.set(sha, out);
        return out;
      })();
      computing.set(sha, p);
    }
    return p;
  };

  // Addresses not seen (or whose fingerprint is missing): fetched, FETCH_CONCURRENCY at a time.
  const toFetch = wanted.filter((ref) => !result.has(ref) && !(shaOf.has(ref) && hashes.has(shaOf.get(ref)!)));
  const refWrites: Record<string, unknown>[] = [];
  await mapLimit(toFetch, FETCH_CONCURRENCY, async (ref) => {
    let body: Buffer;
    try {
      body = (await fetch(ref)).body;
    } catch (e) {
      if (!(e instanceof ImageFetchError)) throw e;
      result.set(ref, { error: e.message });
      refWrites.push({ pk: refPk(ref), sk: 'PICREF', entity: 'PictureRef', ref: ref.slice(0, 1024), error: e.message, [table.ttl]: now + FAILED_REF_TTL_SECONDS });
      return;
    }
    const sha = createHash('sha256').update(body).digest('hex');
    shaOf.set(ref, sha);
    await fingerprintOf(sha, body);
    refWrites.push({ pk: refPk(ref), sk: 'PICREF', entity: 'PictureRef', ref: ref.slice(0, 1024), sha256: sha, [table.ttl]: now + REF_TTL_SECONDS });
  });
  await batchWrite(refWrites.map((Item) => ({ PutRequest: { Item } })));
  for (const [ref, sha] of shaOf) result.set(ref, hashes.get(sha) ?? { error: 'no fingerprint' });
  return result;
}
