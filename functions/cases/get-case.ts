import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { getCaseFor } from './reads';

/** One case, its evidence and its log (oldest first, paged). */
export const handler = httpHandler(route('getCase'), async ({ params, query, auth }) => getCaseFor(auth, params.caseId, query));
