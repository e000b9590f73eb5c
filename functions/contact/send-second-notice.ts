import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { senderOf } from './second-notice-access';
import { sendSecondNotice } from './second-notice';

/** Send the second notice of the retailer's overdue cases now (issue 24 §4); a retried request sends once. */
export const handler = httpHandler(route('sendSecondNotice'), async ({ params, body, auth }) => sendSecondNotice(params.brandId, params.retailerId, await senderOf(auth, params.brandId, params.retailerId), body.requestId));
