import { RETAILER_MSG } from '../../shared/messages/retailers';
import { route } from '../../shared/routes/retailers';
import { httpHandler } from '../http';
import { removeRetailer } from './manage';

/** DELETE /retailers/{id} (001 §7, ADMIN): only a retailer nothing refers to; otherwise 409 saying why (docs/decisions.md "Retailer List"). */
export const handler = httpHandler(route('deleteRetailer'), async ({ params }) => {
  await removeRetailer(params.id);
  return { message: RETAILER_MSG.deleted, _id: params.id };
});
