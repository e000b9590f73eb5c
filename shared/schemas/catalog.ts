/**
 * The brand's catalogue (golden record, issue 38 §1): Settings › Catalogue's calls (ours, the spec
 * has no catalogue): the upload link, the current catalogue's products a page at a time, the
 * recent files with their problems.
 */
import * as z from 'zod';
import { CATALOG_LIMITS, CATALOG_MSG as M } from '../messages/catalog';
import { id } from './common';

export const catalogBrandPath = z.object({ brandId: id });

/** POST /catalog/{brandId}/upload: the file the browser is about to send. */
export const catalogUploadBody = z.object({
  fileName: z
    .string({ error: M.fileRequired })
    .trim()
    .min(1, M.fileRequired)
    .max(200, 'Too Long!')
    .refine((n) => /\.(csv|jsonl|ndjson)$/i.test(n), M.fileType),
  size: z.number({ error: M.fileRequired }).int().min(1, M.fileRequired).max(CATALOG_LIMITS.maxFileBytes, M.fileTooLarge(CATALOG_LIMITS.maxFileBytes / 1024 / 1024)),
});
export type CatalogUploadBody = z.output<typeof catalogUploadBody>;
export const catalogUploadResponse = z.object({
  data: z.object({ key: z.string(), url: z.string(), fields: z.record(z.string(), z.string()), expiresAt: z.string() }),
});

/** GET /catalog/{brandId}/products?search=&limit=&cursor= */
export const catalogProductsQuery = z.object({
  /** The start of a Brand SKU (case-insensitive). */
  search: z.string().trim().max(100, 'Too Long!').optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(25),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

const msrpSchema = z.object({ country: z.string(), currency: z.string(), amount: z.number() });
export const catalogEntrySchema = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  collection: z.string(),
  status: z.enum(['active', 'retired']),
  /** Pictures as app links (a stored picture) or the brand's own addresses. */
  images: z.array(z.string()),
  retiredImages: z.array(z.string()),
  msrp: z.array(msrpSchema),
});
export const catalogPointerSchema = z.object({ name: z.string(), date: z.string(), entries: z.number().int(), ingestedAt: z.string() });
/** `catalog`: the current file (null: none yet); `totalCount`: its products (kept on write), null for a search. */
export const catalogProductsResponse = z.object({ catalog: catalogPointerSchema.nullable(), data: z.array(catalogEntrySchema), totalCount: z.number().int().nullable(), nextCursor: z.string().nullable() });

export const catalogImportSchema = z.object({
  key: z.string(),
  name: z.string(),
  date: z.string(),
  uploadedAt: z.string(),
  status: z.enum(['checking', 'applied', 'refused']),
  entries: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(z.string()),
  finishedAt: z.string().optional(),
});
export type CatalogImportView = z.output<typeof catalogImportSchema>;
/** GET /catalog/{brandId}/imports: the last CATALOG_LIMITS.importsShown files, newest first. */
export const catalogImportsResponse = z.object({ data: z.array(catalogImportSchema) });
