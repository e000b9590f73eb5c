import { route } from '../../shared/routes/b2b';
import { httpHandler } from '../http';
import { listLinks } from './links';

/** The B2B portal links of one retailer of the brand, newest first (active ones unless status=all). */
export const handler = httpHandler(route('listB2bLinks'), async ({ query, auth }) => listLinks(auth, query));
