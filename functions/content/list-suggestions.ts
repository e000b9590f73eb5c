import { route } from '../../shared/routes/suggestions';
import { httpHandler } from '../http';
import { listSuggestions } from './suggestions';

/** GET /suggestions/{brandId}/{periodId}: the period's content state and a page of its suggestions of a status. */
export const handler = httpHandler(route('listSuggestions'), async ({ params, query, auth }) => listSuggestions(auth, params.brandId, params.periodId, query));
