import { route } from '../../shared/routes/contact';
import { httpHandler } from '../http';
import { listMessages } from './canned-messages';

/**
 * GET /cannedmessages?brand&page&limit&sort[&status][&cursor]: one page of the brand's canned
 * messages by name (000 §7, §9: limit 10, sort name;asc; the contact form asks
 * limit=10000&status=active), with the count kept on write and the next page's cursor. The brand
 * is the caller's (the route's tenant rule).
 */
export const handler = httpHandler(route('listCannedMessages'), async ({ query }) => listMessages(query));
