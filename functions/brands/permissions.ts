/**
 * GET /BrandRetailerExport (001 §2 Permissions, §7; ADMIN; docs/decisions.md "User Retailer List
 * and Permissions"):
 * - `retailer=`: the brands listing the retailer, by brand name, one page from the index
 *   RETAILER#<r>#BRANDS (one Query) with the total from its COUNT item, never a read of all brands;
 * - `brand=`: the retailers on the brand's list (one GetItem) by retailer name (one BatchGetItem
 *   per 100 retailers: the list is the brand's own, as on its dashboard);
 * - `exportFlag=true`: the whole list as xlsx (streamed, cells made safe) in the data bucket under
 *   exports/ (deleted after 7 days), answered with the 7-day app link like every export.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import { PERMISSIONS_MSG as M } from '../../shared/messages/permissions';
import type { BrandRetailerExportQuery } from '../../shared/schemas/permissions';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { newId, sortName } from '../lib/table';
import { getRetailer, getRetailers } from '../retailers/retailers.repo';
import { exportLink } from '../exports/exports';
import { EXPORT_PREFIX, putExportObject, putLinkRecord } from '../exports/exports.repo';
import { exportFileName } from '../exports/domain/export-sheet';
import { writeCellsXlsxFile } from '../exports/xlsx';
import { getBrand } from './brands.repo';
import { allRetailerBrands, countRetailerBrands, pageRetailerBrands } from './retailer-brands.repo';

const DAY_MS = 24 * 3600 * 1000;

export interface PermissionRow {
  _id: string;
  name: string;
  value: typeof M.yes | typeof M.no;
}

const yesNo = (flag: boolean | undefined) => (flag !== false ? M.yes : M.no);

/** The brand's listed retailers by name, each with its flag (every one: a brand's own list). */
async function brandRows(brandId: string): Promise<{ name: string; rows: PermissionRow[] }> {
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(M.brandNotFound);
  const flags = new Map(brand.retailers.map((e) => [e.retailer, e.flag]));
  const retailers = await getRetailers([...flags.keys()]);
  return { name: brand.name, rows: retailers.map((r) => ({ _id: r._id, name: r.name, value: yesNo(flags.get(r._id)) })) };
}

/** GET /BrandRetailerExport (exportFlag=false): one page. */
export async function permissionsPage(q: BrandRetailerExportQuery) {
  if (q.retailer) {
    if (!(await getRetailer(q.retailer))) throw new NotFoundError(M.retailerNotFound);
    const totalCount = await countRetailerBrands(q.retailer);
    const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
    if (!q.cursor && skip >= totalCount) return { title: M.retailerTitle, data: [], totalCount, nextCursor: null };
    const page = await pageRetailerBrands(q.retailer, { limit: q.limit, cursor: q.cursor, skip });
    const data: PermissionRow[] = page.items.map((i) => ({ _id: i.brand, name: i.brandName, value: yesNo(i.flag) }));
    return { title: M.retailerTitle, data, totalCount, nextCursor: page.nextCursor ?? null };
  }
  const { rows } = await brandRows(q.brand!);
  const start = (q.page - 1) * q.limit;
  return { title: M.brandTitle, data: rows.slice(start, start + q.limit), totalCount: rows.length, nextCursor: null };
}

/** GET /BrandRetailerExport (exportFlag=true): the whole list as xlsx → the 7-day app link. */
export async function permissionsExport(auth: AuthContext, q: BrandRetailerExportQuery, now = new Date()) {
  let subject: string;
  let title: string;
  let rows: PermissionRow[];
  if (q.retailer) {
    const retailer = await getRetailer(q.retailer);
    if (!retailer) throw new NotFoundError(M.retailerNotFound);
    subject = retailer.name;
    title = M.retailerTitle;
    // The index is in the order of the brands' names lower-cased: the same order as on screen.
    rows = (await allRetailerBrands(q.retailer)).map((i) => ({ _id: i.brand, name: i.brandName, value: yesNo(i.flag) }));
  } else {
    const b = await brandRows(q.brand!);
    subject = b.name;
    title = M.brandTitle;
    rows = b.rows.sort((x, y) => sortName(x.name).localeCompare(sortName(y.name)));
  }
  const id = newId();
  const key = `${EXPORT_PREFIX}permissions/${id}.xlsx`;
  const name = exportFileName(subject, title, now.toISOString().slice(0, 10));
  const file = path.join(tmpdir(), `permissions-${id}-${randomBytes(4).toString('hex')}.xlsx`);
  try {
    const columns = [
      { header: q.retailer ? 'Brand' : 'Retailer', width: 40 },
      { header: M.enabledColumn, width: 30 },
    ];
    await writeCellsXlsxFile(file, title, columns, rows.map((r) => [r.name, r.value]));
    await putExportObject(key, file);
  } finally {
    await rm(file, { force: true });
  }
  const record = {
    _id: id,
    brand: q.brand ?? '',
    retailer: q.retailer ?? '',
    name,
    key,
    rows: rows.length,
    createdBy: auth.sub,
    createdAt: now.toISOString(),
    linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString(),
  };
  await putLinkRecord(record);
  return { title, url: await exportLink(record), name, totalCount: rows.length };
}
