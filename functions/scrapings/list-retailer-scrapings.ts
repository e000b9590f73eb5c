import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { retailerScrapings } from './reads';

export const handler = httpHandler(route('listRetailerScrapings'), async ({ params, query, auth }) => retailerScrapings(auth, params.brandId, query));
