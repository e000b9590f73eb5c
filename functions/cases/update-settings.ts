import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { saveCaseSettings } from './settings';

/** Save the brand's case settings (BRAND_ADMIN of the brand or ADMIN), conditioned on the rev the screen showed. */
export const handler = httpHandler(route('updateCaseSettings'), async ({ params, body, auth }) => saveCaseSettings(auth, params.brandId, body));
