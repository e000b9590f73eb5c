import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../http';
import { listBrands } from './brands.repo';

/** Brand names for selectors (the admin's Select Brand modal). */
export const handler = httpHandler(route('listBrandsForSelect'), async () => ({
  data: (await listBrands()).map((b) => ({ _id: b._id, name: b.name, slug: b.slug })),
}));
