import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { evidencePackFor } from './evidence-pack';

/** The retailer's active cases, worst first, with their evidence and kept pictures: a PDF made now, answered as its 7-day app link. */
export const handler = httpHandler(route('getCaseEvidencePack'), async ({ params, auth }) => evidencePackFor(auth, params.brandId, params.retailerId));
