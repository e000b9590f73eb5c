import { route } from '../../shared/routes/permissions';
import { httpHandler, respond } from '../http';
import { permissionsPage } from './permissions';
import { startPermissionsExport } from './permissions-export';

/** GET /BrandRetailerExport?retailer=|brand=&exportFlag= (001 §2 Permissions, §7; ADMIN): one page, or (exportFlag=true) 202 with the export's job (docs/exports.md "Every export is a job"). */
export const handler = httpHandler(route('brandRetailerExport'), async ({ query, auth }) => (query.exportFlag ? respond(202, await startPermissionsExport(auth, query)) : permissionsPage(query)));
