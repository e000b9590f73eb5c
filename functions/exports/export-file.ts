import { route } from '../../shared/routes/exports';
import { httpHandler } from '../lib/http/handler';
import { exportTab } from './export-tab';

/** Every row of a product tab (its filters, search and sort) as xlsx in S3 → { link } (the app link, 7 days). */
export const handler = httpHandler(route('exportFile'), async ({ query, auth }) => exportTab(auth, query));
