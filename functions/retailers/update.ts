import { RETAILER_MSG } from '../../shared/messages/retailers';
import { route } from '../../shared/routes/retailers';
import { httpHandler } from '../http';
import { editRetailer } from './manage';
import { retailerView } from './present';

/** PUT /retailers/{id} (001 §7, ADMIN): edit a retailer; 409 when a value is taken or the slug is locked by robot files. */
export const handler = httpHandler(route('updateRetailer'), async ({ params, body }) => ({ message: RETAILER_MSG.updated, data: retailerView(await editRetailer(params.id, body)) }));
