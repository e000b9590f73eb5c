import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { listProducts } from './product-reads';

/** A period's products (or on-hand items) for one tab: filters, search, sort, paging → { data, totalCount }. */
export const handler = httpHandler(route('listProductScrapings'), async ({ query, auth }) => listProducts(auth, query));
