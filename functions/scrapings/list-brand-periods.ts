import { route } from '../../shared/routes/scrapings';
import { httpHandler } from '../http';
import { brandPeriodDays } from './reads';

/** Scan dates of the brand, newest first: { data: [{ _id: date, value: date }], totalCount }. */
export const handler = httpHandler(route('listBrandPeriods'), async ({ params, auth }) => brandPeriodDays(auth, params.brandId));
