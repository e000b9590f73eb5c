import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { caseActivityFor } from './reads';

/** The retailer's case log, newest first, one kind of event with `kind`. */
export const handler = httpHandler(route('listCaseActivity'), async ({ params, query, auth }) => caseActivityFor(auth, params.brandId, params.retailerId, query));
