import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { updateProductFor } from './reads';

/** { oh_map_id } | { brand_sku } | { product: {_id, sku} } → { message, data }. */
export const handler = httpHandler(route('updateProductScraping'), async ({ params, body, auth }) => updateProductFor(auth, params.id, body));
