import { route } from '../../shared/routes/brand-retailers';
import { httpHandler } from '../http';
import { brandCatalog } from './catalog';

/** Manage Catalog: the brand's on-hand items, a page at a time (cursor). */
export const handler = httpHandler(route('getBrandCatalog'), async ({ params, query, auth }) => brandCatalog(auth, params.brandId, query));
