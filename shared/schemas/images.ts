/**
 * GET /images?key=&exp=&sig=: the app link of a picture a robot stored in the data bucket
 * (docs/robot-files.md "Pictures"; docs/decisions.md "Pictures"). Signed by the server when it
 * answers a record holding the picture; the link is checked and redirects to S3.
 */
import * as z from 'zod';
import { redirectResponse } from './redirect';

export const IMAGE_MSG = {
  invalid: 'The picture link is not valid.',
  expired: 'The picture link has expired.',
} as const;

export const openImageQuery = z.object({
  key: z.string({ error: IMAGE_MSG.invalid }).min(1, IMAGE_MSG.invalid).max(1024, IMAGE_MSG.invalid),
  exp: z.string({ error: IMAGE_MSG.invalid }).regex(/^\d{1,12}$/, IMAGE_MSG.invalid),
  sig: z.string({ error: IMAGE_MSG.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, IMAGE_MSG.invalid),
});
export type OpenImageQuery = z.output<typeof openImageQuery>;

/** GET /images answers a 302 to a short-lived S3 presigned GET of the picture: no body. */
export const openImageResponse = redirectResponse;
