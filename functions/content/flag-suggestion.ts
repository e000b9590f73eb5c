import { route } from '../../shared/routes/suggestions';
import { httpHandler } from '../http';
import { flagSuggestion } from './suggestions';

/** POST /suggestions/{brandId}/{periodId}/{suggestionId}/flag: the product flagged with the suggestion's reason (its case opened). */
export const handler = httpHandler(route('flagSuggestion'), async ({ params, body, auth }) => flagSuggestion(auth, params.brandId, params.periodId, params.suggestionId, body.message));
