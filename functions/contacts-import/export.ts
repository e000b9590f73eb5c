import { route } from '../../shared/routes/contacts-import';
import { httpHandler, respond } from '../http';
import { startContactsExport } from './contacts-export';

/** Every contact of the brand as csv or xlsx: 202 with the export's job at once (`{ data: job }`); the file is built in the background (GET /exportFile/{jobId}) and arrives in the Downloaded Files. */
export const handler = httpHandler(route('exportContacts'), async ({ params, query, auth }) => respond(202, await startContactsExport(auth, params.brandId, query.fileType)));
