import { route } from '../../shared/routes/contact';
import { httpHandler } from '../http';
import { contactInfoFor } from './contact';

/** { retailer_brand_scraping } → { data: { data: placeholder values, contacts, cc, bcc, retailer, brand } } */
export const handler = httpHandler(route('getContactInfoForEmail'), async ({ body, auth }) => contactInfoFor(auth, body.retailer_brand_scraping));
