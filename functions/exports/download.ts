import { route } from '../../shared/routes/exports';
import { httpHandler, respond } from '../http';
import { openExportLink } from './exports';

/** The app link of an export: a valid token → 302 to a fresh, short-lived S3 presigned GET. */
export const handler = httpHandler(route('downloadExport'), async ({ query }) => respond(302, undefined, { location: await openExportLink(query.token), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }));
