import { route } from '../../shared/routes/contact';
import { httpHandler } from '../http';
import { createMessage } from './canned-messages';

/** POST /cannedmessages {name, content, brand, status} → 'Message created successfully' (000 §7). */
export const handler = httpHandler(route('createCannedMessage'), async ({ body, auth }) => createMessage(auth, body));
