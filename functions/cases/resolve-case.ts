import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { resolveCaseFor } from '../scrapings';

/** The retailer fixed it, or dismissed with a reason: the product (or the brand profile) is unflagged with it, in one transaction. */
export const handler = httpHandler(route('resolveCase'), async ({ params, body, auth }) => resolveCaseFor(auth, params.caseId, body));
