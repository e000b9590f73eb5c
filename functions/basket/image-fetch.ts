/**
 * Fetching an item's image for the basket export's zip: http(s) only, a timeout, a size cap, at
 * most 3 redirects each checked again, and never a private or loopback address (SSRF: the worker
 * runs inside AWS). Locally the stack sets IMAGE_FETCH_ALLOW_PRIVATE=true so demo images served
 * on localhost can be fetched (docs/basket.md "Images").
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
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

/** A file extension for the image in the zip: from the content type, else the address, else .img. */
export function imageExtension(contentType: string, address: string): string {
  const byType: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp', 'image/svg+xml': '.svg', 'image/avif': '.avif' };
  const t = byType[contentType.split(';')[0]!.trim().toLowerCase()];
  if (t) return t;
  const m = /\.(jpe?g|png|gif|webp|svg|avif)$/i.exec(new URL(address).pathname);
  return m ? `.${m[1]!.toLowerCase()}` : '.img';
}
