import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../lib/http/handler';
import { exportContacts } from './contacts-io';

/** Every contact of the brand as csv or xlsx → { message: 'File downloaded successfully.', data: { url, fileName } }. */
export const handler = httpHandler(route('exportContacts'), async ({ params, query, auth }) => exportContacts(auth, params.brandId, query.fileType));
