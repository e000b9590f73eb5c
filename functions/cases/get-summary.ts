import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { caseSummaryFor } from './summary';

/** The brand's programme at a glance: figures kept on write and the retailers by compliance. */
export const handler = httpHandler(route('getCaseSummary'), async ({ params, auth }) => caseSummaryFor(auth, params.brandId));
