import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { batchItem } from './reads';

/** An on-hand item by serial for one retailer: { data: { data: item } }, 409 another retailer's, 404 'item not found'. */
export const handler = httpHandler(route('getBatchItems'), async ({ query, auth }) => batchItem(auth, query));
