import { route } from '../../shared/routes/contacts-import';
import { multipartHttpHandler } from '../http';
import { importContacts } from './contacts-io';

/** multipart { rules, file, flag, importId } → { message, data: counts, the file ids }. */
export const handler = multipartHttpHandler(route('importContacts'), async ({ params, body, auth }) => importContacts(auth, params.brandId, body), { files: 1 });
