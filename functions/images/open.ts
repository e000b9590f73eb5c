import { route } from '../../shared/routes/images';
import { httpHandler, respond } from '../http';
import { openPicture, PICTURE_REDIRECT_SECONDS } from './pictures';

/** A picture's app link: a valid signature → 302 to a short-lived S3 presigned GET of the picture. */
export const handler = httpHandler(route('openImage'), async ({ query }) =>
  respond(302, undefined, { location: await openPicture(query), 'cache-control': `private, max-age=${PICTURE_REDIRECT_SECONDS}`, 'referrer-policy': 'no-referrer' }),
);
