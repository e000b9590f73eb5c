/** GET /brands (admin): every brand with its colours and allowed retailers. */
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export const BRANDS_KEY = 'brands';

export function getBrands(): Promise<ResponseOf<'listBrands'>> {
  return api('listBrands');
}
