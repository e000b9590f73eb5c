import { route } from '../../shared/routes/suggestions';
import { httpHandler } from '../http';
import { dismissSuggestion } from './suggestions';

/** POST /suggestions/{brandId}/{periodId}/{suggestionId}/dismiss: dismissed with a reason, remembered for the content. */
export const handler = httpHandler(route('dismissSuggestion'), async ({ params, body, auth }) => dismissSuggestion(auth, params.brandId, params.periodId, params.suggestionId, body.reason));
