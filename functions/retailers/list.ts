import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../lib/http/handler';
import { listRetailers } from './retailers.repo';

/** All retailers, sorted by name. */
export const handler = httpHandler(route('listRetailers'), async () => ({
  data: (await listRetailers()).map(({ createdAt: _c, updatedAt: _u, ...r }) => r),
}));
