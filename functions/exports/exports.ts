/**
 * The export history and the app links of exports (000 §2 ALL EXPORTS, §9 "Export links expire in
 * 7 days"; docs/exports.md); making an export is export-tab.ts (kept apart: only GET /exportFile
 * bundles exceljs and the tab read path):
 * - `exportHistory`: that history, newest first, one page, each with its app link while it lasts;
 * - `openExportLink`: the app link's redirect: the signed token checked, the record read (deleting
 *   it revokes the link), then a fresh S3 presigned GET of a few minutes.
 */
import { EXPORT_MSG } from '../../shared/schemas/exports';
import { getBrand } from '../brands';
import { env } from '../lib/env';
import { HttpError, NotFoundError, ValidationError } from '../lib/http/errors';
import type { AuthContext } from '../lib/http/auth';
import { ExpiredLinkError, InvalidTokenError, signExportLink, verifyExportLink } from '../lib/jwt';
import { assertCanSeeRetailer } from '../scrapings';
import { countExports, getExportRecord, pageExports, presignExport, type ExportRecord } from './exports.repo';

/** The app link of an export: `<app>/api/exports/download?token=<signed, until linkExpiresAt>`. */
export async function exportLink(r: Pick<ExportRecord, '_id' | 'linkExpiresAt'>): Promise<string> {
  const token = await signExportLink(r._id, new Date(r.linkExpiresAt));
  return `${env.appUrl}/api/exports/download?token=${encodeURIComponent(token)}`;
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
