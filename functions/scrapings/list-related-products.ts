import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { relatedProducts } from './reads';

/** The product's history across periods (same style number), newest first. */
export const handler = httpHandler(route('getRelatedProducts'), async ({ query, auth }) => relatedProducts(auth, query));
