import { BASKET_MSG } from '../../shared/messages/basket';
import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { ownerOf } from './basket';
import { clearBasket, listBaskets } from './basket.repo';

/** The side menu's 'Clear All Baskets' (000 §2): every basket of the caller, whatever the brand or retailer. */
export const handler = httpHandler(route('clearAllBaskets'), async ({ auth }) => {
  let removed = 0;
  for (const ref of await listBaskets(ownerOf(auth))) removed += await clearBasket(ref);
  return { message: BASKET_MSG.allCleared, removed };
});
