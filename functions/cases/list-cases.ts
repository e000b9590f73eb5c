import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { listCasesFor } from './reads';

/** A retailer's active cases (worst first) or resolved ones (latest first), one page, with the counts kept on write. */
export const handler = httpHandler(route('listRetailerCases'), async ({ params, query, auth }) => listCasesFor(auth, params.brandId, params.retailerId, query));
