import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { flagProductKeepingEvidence } from './flags';

/** { isFlagged, reason: [{name, value}], message } → { message, data: { _id, isFlagged, flagMessage } }; a case it opens keeps its pictures. */
export const handler = httpHandler(route('updateProductFlag'), async ({ params, body, auth }) => flagProductKeepingEvidence(auth, params.id, body));
