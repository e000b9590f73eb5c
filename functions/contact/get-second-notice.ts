import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { senderOf } from './second-notice-access';
import { secondNoticeOf } from './second-notice';

/** The second notice of the retailer's overdue cases, as it would be sent now (issue 24 §4). */
export const handler = httpHandler(route('getSecondNotice'), async ({ params, auth }) => secondNoticeOf(params.brandId, params.retailerId, await senderOf(auth, params.brandId, params.retailerId)));
