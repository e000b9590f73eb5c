import { route } from '../../shared/routes/contacts-import';
import { multipartHttpHandler } from '../http';
import { readHeaders } from './contacts-io';

/** multipart { file } → { data: { data: headers, count } } (or a message when the file has no contacts). */
export const handler = multipartHttpHandler(route('getAddressBookHeaders'), async ({ body, auth }) => readHeaders(auth, body), { files: 1 });
