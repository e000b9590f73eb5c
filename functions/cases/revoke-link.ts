import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { revokeCaseLinkFor } from './links';

/** Revokes a retailer's case link at once (its page stops on the next request). */
export const handler = httpHandler(route('revokeCaseLink'), async ({ params, auth }) => revokeCaseLinkFor(auth, params.brandId, params.id));
