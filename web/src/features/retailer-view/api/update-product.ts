/**
 * PUT /retailerBrandProductScrapings/{id} (000 §7, 001 §4): `{ oh_map_id }`, `{ brand_sku }` (the
 * "Other" choice) or `{ product: { _id, sku } }` (a Brand SKU option). The product reads are
 * revalidated after a success only: the list updates when the status is 200.
 */
import useSWRMutation from 'swr/mutation';
import type { UpdateProductScrapingBody } from '@shared/schemas/scrapings';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { RETAILER_VIEW_KEY, revalidateProducts } from './keys';

export type ProductEdit = { oh_map_id: string } | { brand_sku: string } | { product: { _id: string; sku: string } };

export function updateProduct(id: string, body: ProductEdit) {
  return api('updateProductScraping', { params: { id }, body: body as UpdateProductScrapingBody });
}

export function useUpdateProduct() {
  return useSWRMutation(
    [RETAILER_VIEW_KEY, 'update'] as const,
    async (_key, { arg }: { arg: { id: string; body: ProductEdit } }) => {
      const out = await updateProduct(arg.id, arg.body);
      await revalidateProducts();
      return out;
    },
    MUTATION_OPTIONS,
  );
}
