import { route } from '../../shared/routes/suggestions';
import { httpHandler } from '../http';
import { checkAgain } from './suggestions';

/** POST /suggestions/{brandId}/{periodId}/check: a new run of the period's content checks. */
export const handler = httpHandler(route('checkSuggestionsAgain'), async ({ params, auth }) => checkAgain(auth, params.brandId, params.periodId));
