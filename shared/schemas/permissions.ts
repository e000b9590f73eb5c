/**
 * GET /BrandRetailerExport (001 §2 Permissions, §7; ADMIN): which brands carry a retailer
 * (`retailer=`) or which retailers a brand carries (`brand=`), each with whether it is "Currently
 * Enabled in Dashboard"; `exportFlag=true` starts the export of the whole list as xlsx, a
 * background job (202 with the job; its link, once ready, is the file's 7-day app link).
 */
import * as z from 'zod';
import { PAGE } from '../constants';
import { PERMISSIONS_MSG as M } from '../messages/permissions';
import { id } from './common';
import { exportFileResponse } from './export-job';

const bool = z.enum(['true', 'false'], { error: 'exportFlag must be true or false.' }).transform((v) => v === 'true');

export const brandRetailerExportQuery = z
  .object({
    retailer: id.optional(),
    brand: id.optional(),
    exportFlag: bool.default(false),
    page: z.coerce.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').max(1_000_000, 'page is too large.').default(1),
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be 1 or more.').max(PAGE.maxLimit, `limit must be at most ${PAGE.maxLimit}.`).default(PAGE.permissions),
    /** Where the page starts (retailer= only): the `nextCursor` of the page before. */
    cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.retailer && q.brand) ctx.addIssue({ code: 'custom', path: ['brand'], message: M.oneOf });
    else if (!q.retailer && !q.brand) ctx.addIssue({ code: 'custom', path: ['retailer'], message: M.selectRetailer });
  });
export type BrandRetailerExportQuery = z.output<typeof brandRetailerExportQuery>;

/** What the Permissions look-up is by: a retailer (`retailer=`) or a brand (`brand=`). */
export const PERMISSIONS_KINDS = ['retailer', 'brand'] as const;
export type PermissionsKind = (typeof PERMISSIONS_KINDS)[number];

/** The Permissions filter (001 §5): by retailer or brand, and which; none chosen says 'Please select retailer.' / 'Please select brand.'. */
export const permissionsFilterForm = z
  .object({ kind: z.enum(PERMISSIONS_KINDS), id: z.string() })
  .superRefine((f, ctx) => {
    if (!f.id) ctx.addIssue({ code: 'custom', path: ['id'], message: f.kind === 'retailer' ? M.selectRetailer : M.selectBrand });
  });

/** One row: a brand (retailer=) or a retailer (brand=), and 'Yes' / 'No' for "Currently Enabled in Dashboard". */
export const permissionRow = z.object({ _id: z.string(), name: z.string(), value: z.enum([M.yes, M.no]) });

/**
 * exportFlag=false: one page by name, the total (Count) and where the next page starts;
 * exportFlag=true (202): the export's job (GET /exportFile/{jobId} follows it), the list's title
 * and Count, and `url`, the spec's name of the file's link: null until the job is ready (the job's
 * `link` then).
 */
export const brandRetailerExportResponse = z.union([
  z.object({ title: z.string(), data: z.array(permissionRow), totalCount: z.number(), nextCursor: z.string().nullable() }),
  exportFileResponse.extend({ title: z.string(), url: z.string().nullable(), totalCount: z.number() }),
]);
