/**
 * Settings › Catalogue (issue 38 §1; docs/decisions.md "Catalogue"):
 * - `startCatalogUpload`: a presigned POST for the file, its key in the brand's catalogue drop
 *   folder (`incoming/catalog/<brand-slug>/<today>/<random>-<name>`), the size fixed at most the
 *   declared one: S3 refuses anything else, and the ingest (ingest.ts) checks the file as a
 *   feed's; the browser then follows the file's import record;
 * - `listCatalogProducts`: the current catalogue's products in SKU order, 25 a page with a cursor;
 * - `listCatalogImports`: the brand's last files, newest first, with each one's problems.
 */
import { randomUUID } from 'node:crypto';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { CATALOG_LIMITS } from '../../shared/messages/catalog';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import type { CatalogUploadBody } from '../../shared/schemas/catalog';
import { getBrand } from '../brands';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker } from '../lib/image-links';
import { getCurrentCatalog, listImports, pageEntries } from './catalog.repo';

/** How long the upload link may be used, in seconds. */
export const UPLOAD_LINK_SECONDS = 15 * 60;

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/\s+/g, ' ').trim().slice(0, 120) || 'catalogue.csv';

async function brandOrThrow(brandId: string) {
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(SCRAPING_MSG.brandNotFound);
  return brand;
}

export async function startCatalogUpload(brandId: string, body: CatalogUploadBody, now = new Date()) {
  const brand = await brandOrThrow(brandId);
  const key = `incoming/catalog/${brand.slug}/${now.toISOString().slice(0, 10)}/${randomUUID()}-${safeName(body.fileName)}`;
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: env.dataBucket,
    Key: key,
    Conditions: [['content-length-range', 1, Math.min(body.size, CATALOG_LIMITS.maxFileBytes)]],
    Expires: UPLOAD_LINK_SECONDS,
  });
  return { data: { key, url, fields, expiresAt: new Date(now.getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString() } };
}

export async function listCatalogProducts(brandId: string, q: { search?: string; limit: number; cursor?: string }) {
  await brandOrThrow(brandId);
  const pointer = await getCurrentCatalog(brandId);
  if (!pointer) return { catalog: null, data: [], totalCount: 0, nextCursor: null };
  const [page, link] = await Promise.all([pageEntries(brandId, pointer.version, { search: q.search || undefined, limit: q.limit, cursor: q.cursor }), imageLinker()]);
  return {
    catalog: { name: pointer.name, date: pointer.date, entries: pointer.entries, ingestedAt: pointer.ingestedAt },
    data: page.items.map((e) => ({ ...e, images: e.images.map(link), retiredImages: e.retiredImages.map(link) })),
    totalCount: q.search ? null : pointer.entries,
    nextCursor: page.nextCursor ?? null,
  };
}

export async function listCatalogImports(brandId: string) {
  await brandOrThrow(brandId);
  const imports = await listImports(brandId, CATALOG_LIMITS.importsShown);
  return { data: imports.map(({ version: _v, ...i }) => i) };
}
