/**
 * GET /report_summary/{brandId}?month=MM-YYYY (000 §7): the month's report of the brand is built
 * on the server; the answer's `link` is the 7-day app link of the xlsx, which the browser opens.
 */
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

/** A month (any day of it) as the call's 'MM-YYYY', in the browser's calendar. */
export const monthParam = (d: Date): string => `${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;

export function reportSummary(brandId: string, month: Date): Promise<ResponseOf<'reportSummary'>> {
  return api('reportSummary', { params: { brandId }, query: { month: monthParam(month) } });
}

export function useReportSummary(brandId: string) {
  return useSWRMutation(['report-summary', brandId] as const, ([, id], { arg }: { arg: Date }) => reportSummary(id, arg), MUTATION_OPTIONS);
}
