/**
 * Exports of the product tabs (001 §7 `GET /exportFile`, 000 §2 ALL EXPORTS, §9 "Export links
 * expire in 7 days"; docs/exports.md):
 * - `exportTab`: every row of the tab the list call would show (same filters, search and sort:
 *   productRows of the tab read path), streamed into an xlsx in /tmp, put in S3 under `exports/`,
 *   recorded in the retailer's export history, answered with the app link;
 * - `exportHistory`: that history, newest first, one page, each with its app link while it lasts;
 * - `openExportLink`: the app link's redirect: the signed token checked, the record read (deleting
 *   it revokes the link), then a fresh S3 presigned GET of a few minutes.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import { EXPORT_MSG, type ExportFileQuery } from '../../shared/schemas/exports';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { getBrand } from '../brands/brands.repo';
import { env } from '../lib/env';
import { HttpError, NotFoundError, ValidationError } from '../lib/http/errors';
import type { AuthContext } from '../lib/http/auth';
import { ExpiredLinkError, InvalidTokenError, signExportLink, verifyExportLink } from '../lib/jwt';
import { newId } from '../lib/table';
import { getRetailers } from '../retailers/retailers.repo';
import { assertCanSee, assertCanSeeRetailer } from '../scrapings/access';
import { productRows } from '../scrapings/product-reads';
import { getPeriod } from '../scrapings/scrapings.repo';
import { columnsOf, exportFileName, tabTitle } from './domain/export-sheet';
import { countExports, exportKeyOf, getExportRecord, pageExports, presignExport, putExportObject, putExportRecord, type ExportRecord } from './exports.repo';
import { writeXlsxFile } from './xlsx';

const DAY_MS = 24 * 3600 * 1000;

/** The app link of an export: `<app>/api/exports/download?token=<signed, until linkExpiresAt>`. */
export async function exportLink(r: Pick<ExportRecord, '_id' | 'linkExpiresAt'>): Promise<string> {
  const token = await signExportLink(r._id, new Date(r.linkExpiresAt));
  return `${env.appUrl}/api/exports/download?token=${encodeURIComponent(token)}`;
}

/** GET /exportFile: the whole tab as xlsx → `{ link, name }`. */
export async function exportTab(auth: AuthContext, q: ExportFileQuery, now = new Date()): Promise<{ link: string; name: string }> {
  const period = await getPeriod(q.retailer_brand_scraping);
  if (!period) throw new NotFoundError(SCRAPING_MSG.periodNotFound);
  assertCanSee(auth, period);
  const [[retailer], rows] = await Promise.all([getRetailers([period.retailer]), productRows(period, q)]);
  const title = tabTitle(q);
  const name = exportFileName(retailer?.name ?? period.retailer, title, period.date);
  const id = newId();
  const key = exportKeyOf(period.brand, period.retailer, id);
  const file = path.join(tmpdir(), `export-${id}-${randomBytes(4).toString('hex')}.xlsx`);
  let count: number;
  try {
    count = await writeXlsxFile(file, title, columnsOf(q.view), rows);
    await putExportObject(key, file);
  } finally {
    await rm(file, { force: true });
  }
  const record: ExportRecord = {
    _id: id,
    brand: period.brand,
    retailer: period.retailer,
    period: period._id,
    view: q.view,
    name,
    key,
    rows: count,
    createdBy: auth.sub,
    createdAt: now.toISOString(),
    linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString(),
  };
  await putExportRecord(record);
  return { link: await exportLink(record), name };
}

/** GET /getExportHistory/{retailerId}?brand=: the retailer's exports for the brand, newest first. */
export async function exportHistory(auth: AuthContext, retailerId: string, q: { brand?: string; page: number; limit: number; cursor?: string }, now = new Date()) {
  const brandId = q.brand ?? auth.brand;
  if (!brandId) throw new ValidationError(EXPORT_MSG.brandRequired);
  assertCanSeeRetailer(auth, retailerId);
  const brand = await getBrand(brandId);
  if (!brand || !brand.retailers.some((r) => r.retailer === retailerId && r.flag !== false)) throw new NotFoundError(EXPORT_MSG.retailerNotFound);
  const totalCount = await countExports(brandId, retailerId);
  const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
  // A page past the end reads nothing (a huge page number costs one GetItem).
  if (!q.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageExports(brandId, retailerId, { limit: q.limit, cursor: q.cursor, skip });
  const data = await Promise.all(
    page.items.map(async (r) => ({
      _id: r._id,
      name: r.name,
      url: Date.parse(r.linkExpiresAt) > now.getTime() ? await exportLink(r) : null,
      createdAt: r.createdAt,
      expiresAt: r.linkExpiresAt,
      rows: r.rows,
    })),
  );
  return { data, totalCount, nextCursor: page.nextCursor ?? null };
}

/** GET /exports/download?token=: the S3 address to redirect to (400 not ours, 410 expired or gone). */
export async function openExportLink(token: string): Promise<string> {
  let id: string;
  try {
    id = await verifyExportLink(token);
  } catch (e) {
    if (e instanceof ExpiredLinkError) throw new HttpError(410, EXPORT_MSG.linkExpired, 'LINK_EXPIRED');
    if (e instanceof InvalidTokenError) throw new ValidationError(EXPORT_MSG.linkInvalid);
    throw e;
  }
  const record = await getExportRecord(id);
  if (!record) throw new HttpError(410, EXPORT_MSG.exportGone, 'EXPORT_GONE');
  // The record's own expiry too: a link signed for longer (a changed constant) still ends with it.
  if (Date.parse(record.linkExpiresAt) <= Date.now()) throw new HttpError(410, EXPORT_MSG.linkExpired, 'LINK_EXPIRED');
  return presignExport(record);
}
