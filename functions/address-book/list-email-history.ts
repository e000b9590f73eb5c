import { route } from '../../shared/routes/address-book';
import { httpHandler } from '../http';
import { emailHistory } from './address-book';

/** EMAIL HISTORY of the retailer page: the emails sent to the retailer from this brand, newest first. */
export const handler = httpHandler(route('getEmailHistory'), async ({ query, auth }) => emailHistory(auth, query));
