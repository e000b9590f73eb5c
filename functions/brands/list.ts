import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../lib/http/handler';
import { listBrands } from './brands.repo';

/** Every brand with its allowed retailers (admin: User Retailer List). */
export const handler = httpHandler(route('listBrands'), async () => ({
  data: (await listBrands()).map(({ createdAt: _c, updatedAt: _u, ...b }) => b),
}));
