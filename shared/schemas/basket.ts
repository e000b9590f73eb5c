/**
 * The basket of on-hand items per retailer (001 §3 "Basket", §4, §5 bulk import, §7
 * `exportBucketData`; docs/basket.md): requests and responses. Our routes beside the spec's
 * `POST /exportBucketData` keep the basket on the server per owner (docs/decisions.md "Basket").
 */
import * as z from 'zod';
import { BASKET_ADD_MAX, BASKET_CAP } from '../messages/basket';
import { id, paging } from './common';
import { ohItemSchema } from './scrapings';

const serial = z.string({ error: 'serialNo must be text.' }).trim().min(1, 'serialNo is required.').max(100, 'Too Long!');

/** `{retailerId}` of every basket route. */
export const basketPath = z.object({ retailerId: id });
export const basketItemPath = z.object({ retailerId: id, serialNo: serial });
/** `brand`: for an ADMIN acting as a brand (others: their own). */
export const basketBrandQuery = z.strictObject({ brand: id.optional() }, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown parameter: ${i.keys.join(', ')}.` : undefined) });

/** GET /basket/{retailerId}?brand=&page=&limit=&cursor= (25 a page). */
export const basketListQuery = z.object({
  brand: id.optional(),
  ...paging,
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** GET /basket/{retailerId}/has?serialNo=A,B,…: which of a page's serials are in the basket (the plus icon). */
export const basketHasQuery = z.object({
  brand: id.optional(),
  serialNo: z
    .string({ error: 'serialNo is required.' })
    .max(100 * 101, 'Too many serials.')
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(serial).max(100, 'At most 100 serials at once.')),
});

/** POST /basket/{retailerId}/items: one serial or several (the bulk import: one a line, empty lines dropped by the web). */
export const basketAddBody = z.object({
  serialNo: z.array(serial).min(1, 'Add atleast one product.').max(BASKET_ADD_MAX, `At most ${BASKET_ADD_MAX} serials at once.`),
});

/** POST /exportBucketData?brand=: `{ retailerId, serialNo? }`, no serials: the whole basket. */
export const exportBasketBody = z.object({
  retailerId: id,
  serialNo: z.array(serial).min(1, 'Add atleast one product.').max(BASKET_CAP, `At most ${BASKET_CAP} serials.`).optional(),
});
export const exportJobPath = z.object({ jobId: id });

export const basketItemSchema = ohItemSchema.extend({ _id: z.string(), addedAt: z.string() });
export type BasketItem = z.output<typeof basketItemSchema>;

export const basketListResponse = z.object({ data: z.array(basketItemSchema), totalCount: z.number(), nextCursor: z.string().nullable() });
export const basketHasResponse = z.object({ data: z.array(z.string()) });
export const notImportedSchema = z.object({ serialNo: z.string(), message: z.string(), retailerId: z.string().optional(), retailerName: z.string().optional() });
export type NotImported = z.output<typeof notImportedSchema>;
export const basketAddResponse = z.object({
  message: z.string(),
  added: z.array(z.string()),
  already: z.array(z.string()),
  notImported: z.array(notImportedSchema),
  totalCount: z.number(),
});
export type BasketAddResult = z.output<typeof basketAddResponse>;
export const basketRemoveResponse = z.object({ message: z.string(), totalCount: z.number() });
export const basketClearResponse = z.object({ message: z.string(), removed: z.number() });

export const EXPORT_JOB_STATUS = ['queued', 'running', 'done', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUS)[number];
export const exportJobResponse = z.object({
  jobId: z.string(),
  status: z.enum(EXPORT_JOB_STATUS),
  /** Items done out of total (the images are the long part). */
  done: z.number(),
  total: z.number(),
  /** The 7-day app links, once done. */
  s3ExcelLink: z.string().nullable(),
  s3ZipLink: z.string().nullable(),
  /** Images that could not be fetched (listed in the zip's failed-images.txt). */
  failedImages: z.number(),
  error: z.string().nullable(),
});
export type ExportJob = z.output<typeof exportJobResponse>;
