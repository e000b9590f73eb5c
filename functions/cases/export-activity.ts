import { caseLogRoute as route } from '../../shared/routes/cases';
import { httpHandler, respond } from '../http';
import { startActivityExport } from './activity-export';

/** The retailer's case log (one kind with `kind`) as xlsx: 202 with the export's job at once; the file is built in the background (GET /exportFile/{jobId}). */
export const handler = httpHandler(route('exportCaseActivity'), async ({ params, body, auth }) => respond(202, await startActivityExport(auth, params.brandId, params.retailerId, body)));
