import { route } from '../../shared/routes/contact';
import { httpHandler } from '../http';
import { updateMessage } from './canned-messages';

/** PUT /cannedmessages/{id} {name, content, brand, status, updatedAt} → 'Message updated successfully' (000 §7); 409 when someone saved it meanwhile. */
export const handler = httpHandler(route('updateCannedMessage'), async ({ params, body, auth }) => updateMessage(auth, params.id, body));
