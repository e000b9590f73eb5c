import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../http';
import { downloadFile } from './contacts-io';

/** { data: { url, fileName } }: a short-lived link to one of the brand's import/export files. */
export const handler = httpHandler(route('downloadContactsFile'), async ({ params, query, auth }) => downloadFile(auth, params.id, query.brand));
