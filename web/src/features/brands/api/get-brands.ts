/** GET /brands (admin): every brand with its colours and allowed retailers. */
import { route } from '@shared/routes';
import type { Brand } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';

export const BRANDS_KEY = 'brands';

export function getBrands(): Promise<{ data: Brand[] }> {
  return apiRequest<{ data: Brand[] }>('GET', route('listBrands').path);
}
