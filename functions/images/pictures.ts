/**
 * GET /images: a picture's app link (functions/lib/image-links.ts) checked, then the address to
 * redirect to: a presigned S3 GET of the object, valid an hour, typed by its extension (a robot
 * that stored a picture without a content type still gets it shown) and cached by the browser
 * for as long as the address lives. The object is not read here: one that is gone (retention,
 * a robot's mistake) answers 404 from S3 and the web shows its placeholder.
 * Presigning is most of the work (the SDK's middleware, ~1 ms): a warm function answers a
 * picture asked for again with the address it signed, for the first half of its hour.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { IMAGE_MSG, type OpenImageQuery } from '../../shared/schemas/images';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { HttpError, ValidationError } from '../lib/http/errors';
import { checkImageLink, pictureType } from '../lib/image-links';
import { LRUCache } from 'lru-cache';

/** How long the S3 address the link redirects to lives. */
export const PICTURE_PRESIGN_SECONDS = 3600;
/**
 * How long the browser may reuse the redirect itself: well inside the address's hour, so a
 * reused redirect never leads to an expired address; within it a picture seen again costs no call.
 */
export const PICTURE_REDIRECT_SECONDS = 600;
/** How long a signed address is handed out again: half its life, so one given out lives 30 minutes more at least. */
const REUSE_MS = (PICTURE_PRESIGN_SECONDS / 2) * 1000;
/** Signed addresses by key (an address is ~600 bytes: about 3,000 of them). */
const signed = new LRUCache<string, { url: string; until: number }>({ maxSize: 2 * 1024 * 1024 });

/** The S3 address a valid, living link redirects to; 400 for a link we did not sign, 410 for an expired one. */
export async function openPicture(q: OpenImageQuery, nowMs = Date.now()): Promise<string> {
  const check = await checkImageLink(q, nowMs);
  if (!check.ok) throw check.reason === 'expired' ? new HttpError(410, IMAGE_MSG.expired, 'LINK_EXPIRED') : new ValidationError(IMAGE_MSG.invalid);
  const reuse = signed.get(check.key);
  if (reuse && reuse.until > nowMs) return reuse.url;
  const type = pictureType(check.key);
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: env.dataBucket,
      Key: check.key,
      ResponseCacheControl: `private, max-age=${PICTURE_PRESIGN_SECONDS}`,
      ResponseContentDisposition: 'inline',
      ...(type ? { ResponseContentType: type } : {}),
    }),
    { expiresIn: PICTURE_PRESIGN_SECONDS, signingDate: new Date(nowMs) },
  );
  signed.set(check.key, { url, until: nowMs + REUSE_MS }, { size: url.length + check.key.length });
  return url;
}
