import { route } from '../../shared/routes/contact';
import { EMAIL_VARIABLES } from '../../shared/schemas/contact';
import { httpHandler } from '../http';

/** GET /getvariable: the placeholder names of canned messages (000 §3, §7), the list the contact form fills. */
export const handler = httpHandler(route('getVariables'), async () => ({ data: [...EMAIL_VARIABLES] }));
