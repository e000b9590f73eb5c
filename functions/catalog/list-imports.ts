import { route } from '../../shared/routes/catalog';
import { httpHandler } from '../http';
import { listCatalogImports } from './catalog';

/** GET /catalog/{brandId}/imports: the brand's last catalogue files and their problems. */
export const handler = httpHandler(route('listCatalogImports'), async ({ params }) => listCatalogImports(params.brandId));
