import { route } from '../../shared/routes/b2b';
import { httpHandler } from '../http';
import { portalSession } from './links';

/** What the portal page draws from (a portal session only). */
export const handler = httpHandler(route('getB2bPortal'), async ({ auth }) => portalSession(auth));
