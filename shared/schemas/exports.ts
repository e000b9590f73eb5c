/**
 * Exports of the product tabs (001 §7 `GET /exportFile`, 000 §7 `GET /getExportHistory/{id}`,
 * 000 §2 ALL EXPORTS, §9 "Export links expire in 7 days"): requests, responses, names, texts.
 */
import * as z from 'zod';
import { PAGE } from '../constants';
import { id, paging } from './common';
import { redirectResponse } from './redirect';
import { listProductScrapingsQuery, type ProductView } from './scrapings';

/**
 * GET /exportFile: exactly the query of GET /retailerBrandProductScrapings (the tab's flag,
 * mapped filter, search and sort). `page` and `limit` are accepted, as the spec's client sends
 * them, and ignored: an export holds every row of the tab.
 */
export const exportFileQuery = listProductScrapingsQuery;
export type ExportFileQuery = z.output<typeof exportFileQuery>;

/** GET /getExportHistory/{id}: `id` is the retailer; `brand` for an ADMIN acting as a brand (others: their own). */
export const exportHistoryPath = z.object({ id });
export const exportHistoryQuery = z.object({
  brand: id.optional(),
  ...paging,
  limit: paging.limit.default(PAGE.defaultLimit),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** GET /exports/download?token=: the app link of an export (signed, 7 days). */
export const exportDownloadQuery = z.object({
  token: z.string({ error: 'The export link is not valid.' }).trim().min(1, 'The export link is not valid.').max(2048, 'The export link is not valid.'),
});

/** GET /exports/download answers a 302 to a fresh, short-lived S3 presigned GET of the file: no body. */
export const downloadExportResponse = redirectResponse;

export { EXPORT_JOB_STATUS, exportFileResponse, exportJobPath, type ExportJobStatus, type ExportJobView } from './export-job';

export const exportHistoryItem = z.object({
  _id: z.string(),
  /** The file's name as the user downloads it (retailer, tab, scan date). */
  name: z.string(),
  /** The app link while it lasts (7 days), else null. */
  url: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  rows: z.number(),
});
export const exportHistoryResponse = z.object({ data: z.array(exportHistoryItem), totalCount: z.number(), nextCursor: z.string().nullable() });
export type ExportHistoryItem = z.output<typeof exportHistoryItem>;

/** The tab names of the retailer view (001 §2 "Tabs"), as an export's name says them. */
export const TAB_LABELS: Record<ProductView, string> = {
  price_diff: 'Price Issues',
  flagged: 'Flagged Products',
  change: 'Changes Since last scan',
  all_oh: 'All OH',
  oh_data: 'OH (NOT Scraped)',
  oh_sd_data: 'OH (Scraped)',
  products: 'ALL SCRAPED',
  sd_data: 'Scraped (NOT OH)',
  price_match: 'In Price Sync',
};

/** Literal texts of the export calls and of ALL EXPORTS (000 §8 has the empty text). */
export const EXPORT_MSG = {
  /** 000 §8 empty state of the downloaded-files history. */
  noExports: 'No Files Downloaded',
  linkInvalid: 'The export link is not valid.',
  linkExpired: 'This export link has expired (export links expire in 7 days). Export the tab again.',
  exportGone: 'This export is no longer available. Export the tab again.',
  brandRequired: 'brand is required.',
  retailerNotFound: 'Retailer not found.',
  jobNotFound: 'Export not found.',
  exportFailed: 'The export could not be built. Export the tab again.',
  /** A Permissions or contacts job that failed its every try. */
  listExportFailed: 'The export could not be built. Export the list again.',
  periodGone: 'This scan period is no longer available: the export could not be built.',
} as const;
