import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { getProductFor } from './reads';

export const handler = httpHandler(route('getProductScraping'), async ({ params, auth }) => getProductFor(auth, params.id));
