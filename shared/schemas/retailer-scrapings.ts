/**
 * Retailer-level reads of the brand dashboard (000 §2 summary, retailer list, top bar; 000 §3;
 * 001 §7): the requests of GET /getAssignedReps and GET /getRetailers/{brandId}, and the
 * response schemas of the summary, retailer records, scan info, periods, reps and retailers.
 */
import * as z from 'zod';
import { WEBSITE_TYPES } from '../constants';
import { id } from './common';
import { ohItemSchema } from './scrapings';

// ── Requests ────────────────────────────────────────────────────────────────────

/** GET /getAssignedReps?brand= */
export const assignedRepsQuery = z.object({
  brand: z.string({ error: 'brand is required.' }).trim().min(1, 'brand is required.').pipe(id),
});

/** GET /getRetailers/{brandId}?optId= (001 §7: "a list filtered by optId") */
export const brandRetailersQuery = z.object({
  optId: z.string().trim().min(1, 'optId cannot be empty.').max(64, 'Too Long!').optional(),
});

// ── Responses ───────────────────────────────────────────────────────────────────

const websiteType = z.enum(WEBSITE_TYPES);
/**
 * The retailer's product data is delayed (issue 25; ours): its robot is late or its file is held in
 * the post office, since `delayedSince` (YYYY-MM-DD); both null when it is not.
 */
const delayed = { delayedSince: z.string().nullable(), delayedKind: z.enum(['late', 'stuck']).nullable() };
const currentPrev = z.object({ current: z.number().int().min(0), prev: z.number().int().min(0) });

/**
 * What a screen shows under Next Scan (docs/period-rules.md "Last Scan and Next Scan"): never a
 * day before the Last Scan (the approval of the period shown), and words rather than a day gone by.
 * - `none`: no scan period (N/A);
 * - `scheduled`: `date` = the period's date + 7 days, today or later;
 * - `overdue`: `date` = that day, passed with no newer product file in the post office;
 * - `expected`: the same, when that day came before the period's approval (a file that waited
 *   past its cadence in the post office): worded 'no newer scan yet, expected since {day}';
 * - `in_review`: a newer product file of the retailer (scanned on `date`) waits in the post office;
 * - `scanned`: a period that is not the latest: `date` / `periodId` = the retailer's next period;
 * - `scanned_earlier`: the same, when that scan's date is before this period's approval (an
 *   older file approved after a newer one).
 */
export const nextScanSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.enum(['scheduled', 'overdue', 'expected', 'in_review']), date: z.string() }),
  z.object({ state: z.enum(['scanned', 'scanned_earlier']), date: z.string(), periodId: z.string() }),
]);
export type NextScan = z.output<typeof nextScanSchema>;

/** GET /brandRetailerSummary/{brandId} (000 §3 "Summary stats"). */
export const brandSummaryResponse = z.object({
  totalProducts: currentPrev,
  flaggedProducts: currentPrev,
  totalRetailers: currentPrev,
});

/** One record of GET /RetailerScraping/{brandId} (000 §3 "Retailer scraping record"). */
export const retailerScrapingRecordSchema = z.object({
  /** The latest period (retailer_brand_scraping), null before the first. */
  _id: z.string().nullable(),
  date: z.string().nullable(),
  retailer: z.object({ _id: z.string(), name: z.string(), optId: z.string() }),
  brand_retailer: z.object({ webSiteType: websiteType }),
  brand_name: z.string(),
  brand_screenshot: z.string(),
  totalProducts: z.number(),
  previousTotalProducts: z.number(),
  flaggedProduct: z.number(),
  /** The shown scan's open suggestions of the content checks (issue 38; ours); null before it was checked. */
  suggestions: z.number().nullable(),
  approvedDate: z.string().nullable(),
  nextScanDay: z.string().nullable(),
  nextScan: nextScanSchema,
  isFlagged: z.enum(['yes', 'no']),
  /** Assigned reps' names (ADMIN and BRAND_ADMIN only; empty for a User). */
  users: z.array(z.string()),
  ...delayed,
});
export type RetailerScrapingRecord = z.output<typeof retailerScrapingRecordSchema>;

/** One page of them: `totalCount` the retailers matching the filters, `page` the page answered (the last one when the asked one is past the end). */
export const listRetailerScrapingsResponse = z.object({ data: z.array(retailerScrapingRecordSchema), totalCount: z.number().int().min(0), page: z.number().int().min(1) });

/** GET /RetailerScraping/{brandId}/{periodId}: "Scraping info". */
export const scrapingInfoSchema = z.object({
  kind: z.literal('period'),
  _id: z.string(),
  brand: z.string(),
  retailer: z.string(),
  date: z.string(),
  previousPeriod: z.string().nullable(),
  previousPeriodId: z.string().nullable(),
  totalProducts: z.number(),
  previousTotalProducts: z.number(),
  added: z.number(),
  deleted: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  approvedDate: z.string(),
  nextScanDay: z.string().nullable(),
  nextScan: nextScanSchema,
});

/** GET /RetailerScraping/{brandId}/{retailerId}: "Retailer scan info" with the retailer. */
export const retailerScanInfoSchema = z.object({
  kind: z.literal('retailer'),
  _id: z.string(),
  retailer: z.object({ _id: z.string(), name: z.string(), optId: z.string(), slug: z.string(), website: z.string() }),
  brand_retailer: z.object({ webSiteType: websiteType }),
  brand_name: z.string(),
  isFlagged: z.enum(['yes', 'no']),
  flagMessage: z.unknown(),
  totalProducts: z.number(),
  previousTotalProducts: z.number(),
  approvedDate: z.string().nullable(),
  nextScanDay: z.string().nullable(),
  nextScan: nextScanSchema,
  featuredInMenu: z.boolean(),
  featuredMenus: z.array(z.string()),
  siteLink: z.string(),
  brandLink: z.string(),
  brand_description: z.string(),
  brand_logo: z.string(),
  brand_hero_image: z.string(),
  brand_screenshot: z.string(),
  brand_screenshot_large: z.string(),
  period: z.object({ _id: z.string(), date: z.string(), previousPeriod: z.string().nullable() }).nullable(),
  ...delayed,
});

export const getRetailerScrapingResponse = z.object({ data: z.discriminatedUnion('kind', [scrapingInfoSchema, retailerScanInfoSchema]) });

/** GET /RetailerSummaryDays/{brandId}[/{retailerId}]: `_id` is the date (brand) or the period id (retailer); `value` the date. */
export const periodOptionSchema = z.object({ _id: z.string(), value: z.string() });
export const listPeriodsResponse = z.object({ data: z.array(periodOptionSchema), totalCount: z.number().int().min(0) });

/** GET /getAssignedReps?brand=: the brand's users assigned to retailers (the reps), by name. */
export const assignedRepSchema = z.object({ _id: z.string(), name: z.string(), retailers: z.array(z.string()) });
export type AssignedRep = z.output<typeof assignedRepSchema>;
export const assignedRepsResponse = z.object({ data: z.array(assignedRepSchema), totalCount: z.number().int().min(0) });

/** GET /getRetailers/{brandId}: the retailers the brand carries that the caller sees, by name. */
export const brandRetailerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  optId: z.string(),
  slug: z.string(),
  website: z.string(),
  webSiteType: websiteType,
});
export type BrandRetailerOption = z.output<typeof brandRetailerSchema>;
export const brandRetailersResponse = z.object({ data: z.array(brandRetailerSchema), totalCount: z.number().int().min(0) });

// ── Manage Catalog (ours: the spec names no call for /dashboard/products-list) ────

/** GET /brandCatalog/{brandId}?search=&limit=&cursor= */
export const brandCatalogQuery = z.object({
  /** The start of a serial number (case-insensitive). */
  search: z.string().trim().max(100, 'Too Long!').optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(25),
  /** Where the page starts: the `nextCursor` of the page before. */
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** Manage Catalog's search form: the query's `search` (trimmed, 'Too Long!' past 100). */
export const catalogSearchForm = brandCatalogQuery.pick({ search: true });

/** A catalogue item is an on-hand item of the brand's current feed. */
export const catalogItemSchema = ohItemSchema;
export type CatalogItem = z.output<typeof catalogItemSchema>;
/** `totalCount` is the feed's item count (kept on write), null where only a count of the matches would give it (a search, a User's retailers). */
export const brandCatalogResponse = z.object({ data: z.array(catalogItemSchema), totalCount: z.number().int().min(0).nullable(), nextCursor: z.string().nullable() });
