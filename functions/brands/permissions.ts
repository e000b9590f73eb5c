/**
 * GET /BrandRetailerExport (001 §2 Permissions, §7; ADMIN; docs/decisions.md "User Retailer List
 * and Permissions"):
 * - `retailer=`: the brands listing the retailer, by brand name, one page from the index
 *   RETAILER#<r>#BRANDS (one Query) with the total from its COUNT item, never a read of all brands;
 * - `brand=`: the retailers on the brand's list (one GetItem) by retailer name (one BatchGetItem
 *   per 100 retailers: the list is the brand's own, as on its dashboard);
 * - `exportFlag=true`: the whole list as xlsx, a background job (permissions-export.ts).
 */
import { PERMISSIONS_MSG as M } from '../../shared/messages/permissions';
import type { BrandRetailerExportQuery } from '../../shared/schemas/permissions';
import { NotFoundError } from '../lib/http/errors';
import { getRetailer, getRetailers } from '../retailers';
import { getBrand } from './brands.repo';
import { countRetailerBrands, pageRetailerBrands } from './retailer-brands.repo';

export interface PermissionRow {
  _id: string;
  name: string;
  value: typeof M.yes | typeof M.no;
}

export const yesNo = (flag: boolean | undefined) => (flag !== false ? M.yes : M.no);

/** The brand's listed retailers by name, each with its flag (every one: a brand's own list). */
export async function brandRows(brandId: string): Promise<{ name: string; rows: PermissionRow[] }> {
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
