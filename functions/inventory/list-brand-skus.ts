import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { brandSkus } from './brand-skus';

/** The brand's SKU options (the Brand SKU edit's select): { data: [{ sku, _id }], totalCount }. */
export const handler = httpHandler(route('getBrandSkus'), async ({ params }) => brandSkus(params.brandId));
