import { route } from '../../shared/routes/b2b';
import { httpHandler } from '../http';
import { createLink } from './links';

/** Issues a B2B portal link for one retailer of the brand: its address (with the secret) is answered once. */
export const handler = httpHandler(route('createB2bLink'), async ({ query, body, auth }) => createLink(auth, query, body));
