/**
 * GET /email_history?retailer_brand_scraping= (000 §2, §7): the emails sent to the retailer from
 * this brand, newest first, 25 a page. A retailer never scanned has no scan info yet: its 404 is
 * an empty history, not an error to show.
 */
import useSWR from 'swr';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { ADDRESS_BOOK_KEY } from './keys';

export type EmailHistoryPage = ResponseOf<'getEmailHistory'>;
const NONE: EmailHistoryPage = { data: [], totalCount: 0, nextCursor: null };

export async function getEmailHistory(scanInfoId: string, page = 1, limit: number = PAGE.defaultLimit): Promise<EmailHistoryPage> {
  try {
    return await api('getEmailHistory', { query: { retailer_brand_scraping: scanInfoId, page, limit } });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return NONE;
    throw e;
  }
}

/** The history of a retailer's scan info (the retailer page's `_id`). */
export function useEmailHistory(scanInfoId: string | undefined, page = 1, limit: number = PAGE.defaultLimit) {
  return useSWR(scanInfoId ? ([ADDRESS_BOOK_KEY, 'emails', scanInfoId, page, limit] as const) : null, ([, , id, p, l]) => getEmailHistory(id, p, l), {
    keepPreviousData: true,
  });
}
