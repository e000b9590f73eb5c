import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { brandRetailerSummary } from './reads';

/** { totalProducts, flaggedProducts, totalRetailers }, each { current, prev }. */
export const handler = httpHandler(route('getBrandRetailerSummary'), async ({ params, auth }) => brandRetailerSummary(auth, params.brandId));
