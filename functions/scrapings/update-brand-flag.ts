import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { flagBrandKeepingEvidence } from './flags';

/** { isFlagged, reason: [{name, value}], message } on the retailer scan info → { message, data: { _id, isFlagged, flagMessage } }; a case it opens keeps its pictures. */
export const handler = httpHandler(route('updateBrandFlag'), async ({ params, body, auth }) => flagBrandKeepingEvidence(auth, params.id, body));
