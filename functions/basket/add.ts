import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { addSerials, basketOf } from './basket';

/** Adds serials (the plus icon: one; Bulk Items Import: several): added, already there, not imported with the reason. */
export const handler = httpHandler(route('addBasketItems'), async ({ params, query, body, auth }) => {
  const { ref, retailer } = await basketOf(auth, params.retailerId, query.brand);
  return addSerials(auth, ref, retailer, body.serialNo);
});
