import { route } from '../../shared/routes/b2b';
import { limitAddress } from '../auth';
import { httpHandler } from '../http';
import { openPortal } from './links';

/** The portal page's link token → a short-lived portal session; counted per address with the account routes (functions/auth/throttle.ts). */
export const handler = httpHandler(route('openB2bPortal'), async ({ body, event }) => {
  await limitAddress(event);
  return openPortal(body.token);
});
