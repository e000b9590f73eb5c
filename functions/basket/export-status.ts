import { route } from '../../shared/routes/basket';
import { httpHandler } from '../http';
import { readBasketExport } from './export-start';

/** GET /exportBucketData/{jobId}: status, progress (done of total) and, once done, s3ExcelLink and s3ZipLink (7-day app links). */
export const handler = httpHandler(route('getBasketExport'), async ({ params, auth }) => readBasketExport(auth, params.jobId));
