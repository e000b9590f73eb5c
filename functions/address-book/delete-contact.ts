import { route } from '../../shared/routes/address-book';
import { httpHandler } from '../http';
import { removeContact } from './address-book';

/** Delete a contact (000 §6: BRAND_ADMIN, or ADMIN for a brand): the brand's own only. */
export const handler = httpHandler(route('deleteContact'), async ({ params, query, auth }) => removeContact(auth, params.id, query.brand));
