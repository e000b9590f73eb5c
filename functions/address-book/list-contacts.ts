import { route } from '../../shared/routes/address-book';
import { httpHandler } from '../http';
import { listContacts } from './address-book';

/** The retailer's contacts for the brand (Address Book), 25 a page by default. */
export const handler = httpHandler(route('getContactInfo'), async ({ query, auth }) => listContacts(auth, query));
