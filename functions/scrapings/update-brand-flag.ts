import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { flagBrandFor } from './flags';

/** { isFlagged, reason: [{name, value}], message } on the retailer scan info → { message, data: { _id, isFlagged, flagMessage } }. */
export const handler = httpHandler(route('updateBrandFlag'), async ({ params, body, auth }) => flagBrandFor(auth, params.id, body));
