import { route } from '../../shared/routes/exports';
import { httpHandler } from '../lib/http/handler';
import { readTabExport } from './export-tab';

/** GET /exportFile/{jobId}: status, progress (rows done of total) and, once ready, the 7-day link. */
export const handler = httpHandler(route('getExportJob'), async ({ params, auth }) => readTabExport(auth, params.jobId));
