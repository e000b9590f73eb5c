import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { basketOf } from './basket';
import { countItems, pageItems } from './basket.repo';

/** One page of the caller's basket for a retailer (serial order) and its count ('{n} Items In Basket'); pictures as app links. */
export const handler = httpHandler(route('getBasket'), async ({ params, query, auth }) => {
  const { ref } = await basketOf(auth, params.retailerId, query.brand);
  const totalCount = await countItems(ref);
  const skip = query.cursor ? 0 : (query.page - 1) * query.limit;
  // A page past the end reads only the count.
  if (!query.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const [page, link] = await Promise.all([pageItems(ref, { limit: query.limit, cursor: query.cursor, skip }), imageLinker()]);
  return { data: page.items.map((i) => withImageLinks(i, link)), totalCount, nextCursor: page.nextCursor ?? null };
});
