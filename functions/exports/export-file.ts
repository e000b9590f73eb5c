import { route } from '../../shared/routes/exports';
import { httpHandler, respond } from '../http';
import { startTabExport } from './export-tab';

/** Every row of a product tab (its filters, search and sort) as xlsx: 202 with the job at once; the file is built in the background (GET /exportFile/{jobId}). */
export const handler = httpHandler(route('exportFile'), async ({ query, auth }) => respond(202, await startTabExport(auth, query)));
