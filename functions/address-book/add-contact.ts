import { route } from '../../shared/routes/address-book';
import { httpHandler } from '../http';
import { addContact } from './address-book';

/** Add Contact (000 §5, §7): one per brand + retailer + address; a second answers 409. */
export const handler = httpHandler(route('addContact'), async ({ body, auth }) => addContact(auth, body));
