import { caseLogRoute as route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { productCaseFor } from './reads';

/** The case of a product (its style number) at the retailer, if any, and its log newest first (the product page). */
export const handler = httpHandler(route('getProductCase'), async ({ params, query, auth }) => productCaseFor(auth, params.brandId, params.retailerId, query));
