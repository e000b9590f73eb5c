import { route } from '../../shared/routes/catalog';
import { httpHandler } from '../http';
import { listCatalogProducts } from './catalog';

/** GET /catalog/{brandId}/products: the current catalogue, 25 a page with a cursor. */
export const handler = httpHandler(route('listCatalogProducts'), async ({ params, query }) => listCatalogProducts(params.brandId, query));
