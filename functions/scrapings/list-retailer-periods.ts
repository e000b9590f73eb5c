import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { retailerPeriodDays } from './reads';

/** Scan periods of one retailer, newest first: { data: [{ _id: periodId, value: date }], totalCount }. */
export const handler = httpHandler(route('listRetailerPeriods'), async ({ params, auth }) => retailerPeriodDays(auth, params.brandId, params.retailerId));
