import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { basketOf } from './basket';
import { getItems } from './basket.repo';

/** Which of these serials (an OH tab page's) are in the caller's basket: the plus icon shows for the others. */
export const handler = httpHandler(route('getBasketHas'), async ({ params, query, auth }) => {
  const { ref } = await basketOf(auth, params.retailerId, query.brand);
  return { data: (await getItems(ref, query.serialNo)).map((i) => i.serialNo) };
});
