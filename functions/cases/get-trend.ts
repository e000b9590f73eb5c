import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { caseTrendFor } from './summary';

/** Compliance, open cases and price flags per scan (a retailer) or per month (the brand), oldest first. */
export const handler = httpHandler(route('getCaseTrend'), async ({ params, query, auth }) => caseTrendFor(auth, params.brandId, query.retailerId));
