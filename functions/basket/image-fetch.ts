/**
 * Fetching an item's image for the basket export's zip (docs/basket.md "Images"):
 * - an address: http(s) only, a timeout, a size cap, at most 3 redirects each checked again, and
 *   never a private or loopback address (SSRF: the worker runs inside AWS). Locally the stack sets
 *   IMAGE_FETCH_ALLOW_PRIVATE=true so images served on this machine can be fetched;
 * - a picture stored in the data bucket (a `screenshots/` key: docs/robot-files.md "Pictures"):
 *   read from the bucket with the same cap, never over HTTP; no other key of the bucket is read.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { pictureType, storedPictureKey } from '../lib/image-links';
import { isPrivateAddress } from './domain/addresses';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 10_000;

export class ImageFetchError extends Error {}

const allowPrivate = () => process.env.IMAGE_FETCH_ALLOW_PRIVATE === 'true';

async function assertPublic(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError('not an http(s) address');
  if (url.username || url.password) throw new ImageFetchError('credentials in the address');
  if (allowPrivate()) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw new ImageFetchError('host not found');
  if (addresses.some(isPrivateAddress)) throw new ImageFetchError('private address refused');
}

/** An item's picture: a stored one from the bucket, anything else as an address (fetchImage). */
export async function fetchPicture(value: string): Promise<{ body: Buffer; contentType: string }> {
  const key = storedPictureKey(value);
  return key ? readStoredPicture(key) : fetchImage(value);
}

/** A stored picture's bytes (at most IMAGE_MAX_BYTES) and type: its extension's, else the object's. */
async function readStoredPicture(key: string): Promise<{ body: Buffer; contentType: string }> {
  const tooLarge = () => new ImageFetchError(`larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  let res;
  try {
    res = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: key }), { abortSignal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) });
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw new ImageFetchError('not found');
    throw new ImageFetchError(name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${IMAGE_TIMEOUT_MS / 1000} s` : 'could not read');
  }
  const body = res.Body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | undefined;
  if ((res.ContentLength ?? 0) > IMAGE_MAX_BYTES) {
    body?.destroy?.();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body ?? []) {
      size += chunk.byteLength;
      if (size > IMAGE_MAX_BYTES) throw tooLarge();
      chunks.push(Buffer.from(chunk));
    }
  } catch (e) {
    body?.destroy?.();
    if (e instanceof ImageFetchError) throw e;
    throw new ImageFetchError('download interrupted');
  }
  return { body: Buffer.concat(chunks), contentType: pictureType(key) ?? res.ContentType ?? '' };
}

/** The image's bytes and content type, or an ImageFetchError saying why not. */
export async function fetchImage(address: string): Promise<{ body: Buffer; contentType: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImageFetchError('not a valid address');
  }
  const signal = AbortSignal.timeout(IMAGE_TIMEOUT_MS);
  for (let hop = 0; hop <= 3; hop++) {
    await assertPublic(url);
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    } catch (e) {
      throw new ImageFetchError((e as Error).name === 'TimeoutError' ? `timed out after ${IMAGE_TIMEOUT_MS / 1000} s` : 'could not connect');
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ImageFetchError(`HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > IMAGE_MAX_BYTES) {
      await res.body?.cancel();
      throw new ImageFetchError(`larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
        size += (chunk as Uint8Array).byteLength;
        if (size > IMAGE_MAX_BYTES) throw new ImageFetchError(`larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
    } catch (e) {
      if (e instanceof ImageFetchError) throw e;
      throw new ImageFetchError((e as Error).name === 'TimeoutError' ? `timed out after ${IMAGE_TIMEOUT_MS / 1000} s` : 'download interrupted');
    }
    return { body: Buffer.concat(chunks), contentType: res.headers.get('content-type') ?? '' };
  }
  throw new ImageFetchError('too many redirects');
}

/** A file extension for the image in the zip: from the content type, else the address (or stored key), else .img. */
export function imageExtension(contentType: string, address: string): string {
  const byType: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp', 'image/svg+xml': '.svg', 'image/avif': '.avif' };
  const t = byType[contentType.split(';')[0]!.trim().toLowerCase()];
  if (t) return t;
  const m = /\.(jpe?g|png|gif|webp|svg|avif)$/i.exec(address.split(/[?#]/)[0]!);
  return m ? `.${m[1]!.toLowerCase()}` : '.img';
}
