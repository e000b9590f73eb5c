import { route } from '../../shared/routes/cases';
import { limitAddress } from '../auth';
import { httpHandler } from '../http';
import { openRetailerCases } from './retailer-side';

/** The retailer's page: the link's token → the brand's active cases at that retailer; counted per address with the account routes. */
export const handler = httpHandler(route('openRetailerCases'), async ({ body, event }) => {
  await limitAddress(event);
  return openRetailerCases(body);
});
