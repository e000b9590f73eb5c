import { route } from '../../shared/routes/contact';
import { httpHandler } from '../lib/http/handler';
import { countCannedMessages, pageCannedMessages } from './canned-messages.repo';

/**
 * GET /cannedmessages?brand&page&limit&sort[&status]: one page of the brand's canned messages by
 * name (000 §7, §9: limit 10, sort name;asc; the contact form asks limit=10000&status=active),
 * with the count kept on write. The brand is the caller's (the route's tenant rule).
 */
export const handler = httpHandler(route('listCannedMessages'), async ({ query }) => {
  const [page, counts] = await Promise.all([
    pageCannedMessages(query.brand, { ascending: query.sort === 'name;asc', limit: query.limit, skip: (query.page - 1) * query.limit, status: query.status }),
    countCannedMessages(query.brand),
  ]);
  const totalCount = query.status === 'active' ? counts.active : query.status === 'inactive' ? counts.count - counts.active : counts.count;
  return { data: page.items.map(({ createdBy: _by, ...m }) => m), totalCount };
});
