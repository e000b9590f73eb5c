/**
 * GET /exportFile (001 §7): every row of the current tab (its filter flag, mapped filter, search
 * and sort) as an xlsx; the answer's `link` is the app link (valid 7 days) the browser opens.
 * After an export the retailer's export history (ALL EXPORTS) is read again.
 */
import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import type { ApiOptions } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { EXPORT_HISTORY_KEY } from './get-export-history';

/** The query of the tab being exported: what the product list call was sent, without paging. */
export type ExportTabQuery = Omit<NonNullable<ApiOptions<'exportFile'>['query']>, 'retailer_brand_scraping' | 'page' | 'limit'>;

export function exportFile(retailerBrandScraping: string, query: ExportTabQuery): Promise<ResponseOf<'exportFile'>> {
  return api('exportFile', { query: { ...query, retailer_brand_scraping: retailerBrandScraping } });
}

export function useExportFile(retailerBrandScraping: string) {
  return useSWRMutation(
    [EXPORT_HISTORY_KEY, 'export', retailerBrandScraping] as const,
    async ([, , id], { arg }: { arg: ExportTabQuery }) => {
      const out = await exportFile(id, arg);
      await mutate((key) => Array.isArray(key) && key[0] === EXPORT_HISTORY_KEY && key[1] === 'list');
      return out;
    },
    MUTATION_OPTIONS,
  );
}
