import { route } from '../../shared/routes/catalog';
import { httpHandler } from '../http';
import { startCatalogUpload } from './catalog';

/** POST /catalog/{brandId}/upload: a presigned POST into the brand's catalogue drop folder. */
export const handler = httpHandler(route('startCatalogUpload'), async ({ params, body }) => startCatalogUpload(params.brandId, body));
