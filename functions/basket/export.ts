import { route } from '../../shared/routes/basket';
import { httpHandler, respond } from '../http';
import { startBasketExport } from './export-start';

/** POST /exportBucketData: 202 with the job; the files are built in the background, GET /exportBucketData/{jobId} has the links once done. */
export const handler = httpHandler(route('exportBucketData'), async ({ query, body, auth }) => respond(202, await startBasketExport(auth, body, query.brand)));
