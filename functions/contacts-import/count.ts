import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../http';
import { contactCount } from './contacts-io';

/** { contactCount }: the brand's count, kept on write. */
export const handler = httpHandler(route('getContactCount'), async ({ params, auth }) => contactCount(auth, params.brandId));
