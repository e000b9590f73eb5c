import { route } from '../../shared/routes/exports';
import { httpHandler } from '../http';
import { readExportJob } from './export-jobs';

/** GET /exportFile/{jobId}: any export job (a tab's, the Permissions list's, a brand's contacts): status, progress (rows done of total) and, once ready, the file's link. */
export const handler = httpHandler(route('getExportJob'), async ({ params, auth }) => readExportJob(auth, params.jobId));
