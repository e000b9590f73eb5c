import { BASKET_MSG } from '../../shared/messages/basket';
import { route } from '../../shared/routes/basket';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { basketOf } from './basket';
import { countItems, removeItem } from './basket.repo';

/** Removes one item ('Product Removed !'); 404 when it is not in the basket. */
export const handler = httpHandler(route('removeBasketItem'), async ({ params, query, auth }) => {
  const { ref } = await basketOf(auth, params.retailerId, query.brand);
  if (!(await removeItem(ref, params.serialNo))) throw new NotFoundError(BASKET_MSG.notInBasket);
  return { message: BASKET_MSG.removed, totalCount: await countItems(ref) };
});
