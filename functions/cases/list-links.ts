import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { caseLinksFor } from './links';

/** The links sent to the retailer for its open cases, newest first (the active ones by default). */
export const handler = httpHandler(route('listCaseLinks'), async ({ params, query, auth }) => caseLinksFor(auth, params.brandId, params.retailerId, query));
