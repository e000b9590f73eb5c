import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { retailerScrapingInfo } from './reads';

/** One path, two meanings (spec README): `id` is a period id (scraping info) or a retailer id (scan info). */
export const handler = httpHandler(route('getRetailerScraping'), async ({ params, auth }) => retailerScrapingInfo(auth, params.brandId, params.id));
