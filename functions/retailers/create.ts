import { RETAILER_MSG } from '../../shared/messages/retailers';
import { route } from '../../shared/routes/retailers';
import { httpHandler } from '../http';
import { addRetailer } from './manage';
import { retailerView } from './present';

/** POST /retailers (001 §7, ADMIN): add a retailer; 409 when its name, slug or Opt ID is taken. */
export const handler = httpHandler(route('createRetailer'), async ({ body }) => ({ message: RETAILER_MSG.added, data: retailerView(await addRetailer(body)) }));
