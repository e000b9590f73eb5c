import { route } from '../../shared/routes/brand-retailers';
import { httpHandler } from '../http';
import { brandRetailers } from './brand-retailers';

/** The retailers of a brand the caller sees, by name (the top bar's 'Select a Retailer'). */
export const handler = httpHandler(route('getBrandRetailers'), async ({ params, query, auth }) => brandRetailers(auth, params.brandId, query.optId));
