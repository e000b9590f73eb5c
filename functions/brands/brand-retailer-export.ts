import { route } from '../../shared/routes/permissions';
import { httpHandler } from '../lib/http/handler';
import { permissionsExport, permissionsPage } from './permissions';

/** GET /BrandRetailerExport?retailer=|brand=&exportFlag= (001 §2 Permissions, §7; ADMIN): one page, or the xlsx's app link. */
export const handler = httpHandler(route('brandRetailerExport'), async ({ query, auth }) => (query.exportFlag ? permissionsExport(auth, query) : permissionsPage(query)));
