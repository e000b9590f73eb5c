import { BASKET_MSG } from '../../shared/messages/basket';
import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { basketOf } from './basket';
import { clearBasket } from './basket.repo';

/** Empties the caller's basket for a retailer ('Baket cleared', the spec's text). */
export const handler = httpHandler(route('clearBasket'), async ({ params, query, auth }) => {
  const { ref } = await basketOf(auth, params.retailerId, query.brand);
  return { message: BASKET_MSG.cleared, removed: await clearBasket(ref) };
});
