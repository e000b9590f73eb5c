import { route } from '../../shared/routes/exports';
import { httpHandler } from '../http';
import { exportHistory } from './exports';

/** The retailer's export history (ALL EXPORTS): name and url of each export, newest first. */
export const handler = httpHandler(route('getExportHistory'), async ({ params, query, auth }) => exportHistory(auth, params.id, query));
