/**
 * GET /images: a picture's app link (functions/lib/image-links.ts) checked, then the address to
 * redirect to: a presigned S3 GET of the object, valid an hour, typed by its extension (a robot
 * that stored a picture without a content type still gets it shown) and cached by the browser
 * for as long as the address lives. The object is not read here: one that is gone (retention,
 * a robot's mistake) answers 404 from S3 and the web shows its placeholder.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { IMAGE_MSG, type OpenImageQuery } from '../../shared/schemas/images';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { HttpError, ValidationError } from '../lib/http/errors';
import { checkImageLink, pictureType } from '../lib/image-links';

/** How long the S3 address the link redirects to lives. */
export const PICTURE_PRESIGN_SECONDS = 3600;
/**
 * How long the browser may reuse the redirect itself: well inside the address's hour, so a
 * reused redirect never leads to an expired address; within it a picture seen again costs no call.
 */
export const PICTURE_REDIRECT_SECONDS = 600;

/** The S3 address a valid, living link redirects to; 400 for a link we did not sign, 410 for an expired one. */
export async function openPicture(q: OpenImageQuery, nowMs = Date.now()): Promise<string> {
  const check = await checkImageLink(q, nowMs);
  if (!check.ok) throw check.reason === 'expired' ? new HttpError(410, IMAGE_MSG.expired, 'LINK_EXPIRED') : new ValidationError(IMAGE_MSG.invalid);
  const type = pictureType(check.key);
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: env.dataBucket,
      Key: check.key,
      ResponseCacheControl: `private, max-age=${PICTURE_PRESIGN_SECONDS}`,
      ResponseContentDisposition: 'inline',
      ...(type ? { ResponseContentType: type } : {}),
    }),
    { expiresIn: PICTURE_PRESIGN_SECONDS },
  );
}
