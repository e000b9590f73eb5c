import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { flagProductFor } from './flags';

/** { isFlagged, reason: [{name, value}], message } → { message, data: { _id, isFlagged, flagMessage } }. */
export const handler = httpHandler(route('updateProductFlag'), async ({ params, body, auth }) => flagProductFor(auth, params.id, body));
