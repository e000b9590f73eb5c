/**
 * The admin's Permissions export (001 §2, §7 `GET /BrandRetailerExport?…&exportFlag=true`; ADMIN),
 * a background job like every export (docs/exports.md "Every export is a job"; the machinery is
 * functions/exports/export-jobs.ts):
 * - `startPermissionsExport`: the retailer or brand checked (404 as the look-up), the job recorded
 *   and its request object `jobs/permissions-export/<id>.json` dropped; answers at once (202).
 * - `buildPermissionsExport` (the worker's build): the whole list (brands carrying the retailer,
 *   read a page of 1,000 at a time from the index in brand-name order, or the retailers the brand
 *   carries, by name) with 'Currently Enabled in Dashboard', streamed into an xlsx (cells made
 *   safe), put under `exports/permissions/<job id>.xlsx` (deleted after 7 days) with an `EXPORT#`
 *   link record outside any history: the job's link is the 7-day app link.
 */
import { PERMISSIONS_MSG as M } from '../../shared/messages/permissions';
import type { ExportJobView } from '../../shared/schemas/exports';
import type { BrandRetailerExportQuery } from '../../shared/schemas/permissions';
import { escapeHtml, EXPORT_PREFIX, exportFileName, JobError, jobQuery, linkExpiry, linkRecordWrite, putExportObject, startExportJob, writeCellsXlsxFile, type JobBuilder } from '../exports';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { sortName } from '../lib/table';
import { getRetailer } from '../retailers';
import { getBrand } from './brands.repo';
import { brandRows, yesNo } from './permissions';
import { countRetailerBrands, pageRetailerBrands } from './retailer-brands.repo';

/** What the job keeps of the request: the list exported. */
type PermissionsJobQuery = Pick<BrandRetailerExportQuery, 'retailer' | 'brand'>;
/** Index items read a page. */
const PAGE = 1000;

export const permissionsExportKey = (id: string) => `${EXPORT_PREFIX}permissions/${id}.xlsx`;

/** GET /BrandRetailerExport?exportFlag=true: 202 with the job (queued), the list's title and its count; the job's link is the file's once ready (`url` says the same, null until then). */
export async function startPermissionsExport(auth: AuthContext, q: BrandRetailerExportQuery, now = new Date()): Promise<ExportJobView & { title: string; url: string | null; totalCount: number }> {
  let subject: string;
  let totalCount: number;
  if (q.retailer) {
    const retailer = await getRetailer(q.retailer);
    if (!retailer) throw new NotFoundError(M.retailerNotFound);
    subject = retailer.name;
    totalCount = await countRetailerBrands(q.retailer);
  } else {
    const brand = await getBrand(q.brand!);
    if (!brand) throw new NotFoundError(M.brandNotFound);
    subject = brand.name;
    totalCount = brand.retailers.length;
  }
  const title = q.retailer ? M.retailerTitle : M.brandTitle;
  const query: PermissionsJobQuery = q.retailer ? { retailer: q.retailer } : { brand: q.brand };
  const job = await startExportJob(
    {
      kind: 'permissions',
      brand: q.brand ?? '',
      retailer: q.retailer ?? '',
      query: JSON.stringify(query),
      name: exportFileName(subject, title, now.toISOString().slice(0, 10)),
      createdBy: auth.sub,
    },
    now,
  );
  return { ...job, title, url: job.link, totalCount };
}

/** The brands carrying the retailer, a page of the index at a time (in brand-name order: the order on screen). */
async function* retailerRows(retailer: string): AsyncGenerator<readonly string[]> {
  let cursor: string | undefined;
  do {
    const page = await pageRetailerBrands(retailer, { limit: PAGE, cursor });
    for (const i of page.items) yield [i.brandName, yesNo(i.flag)];
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The worker's build of a Permissions job: the xlsx of the whole list, its 7-day link record. */
export const buildPermissionsExport: JobBuilder = async (job, ctx) => {
  const q = jobQuery<PermissionsJobQuery>(job);
  let where: string;
  let rows: AsyncIterable<readonly string[]> | Iterable<readonly string[]>;
  if (q.retailer) {
    const retailer = await getRetailer(q.retailer);
    if (!retailer) throw new JobError(M.retailerNotFound);
    where = retailer.name;
    await ctx.progress(0, await countRetailerBrands(q.retailer));
    rows = retailerRows(q.retailer);
  } else {
    const b = await brandRows(q.brand!).catch((e: unknown) => {
      throw e instanceof NotFoundError ? new JobError(M.brandNotFound) : e;
    });
    where = b.name;
    await ctx.progress(0, b.rows.length);
    rows = b.rows.sort((x, y) => sortName(x.name).localeCompare(sortName(y.name))).map((r) => [r.name, r.value]);
  }
  const title = q.retailer ? M.retailerTitle : M.brandTitle;
  const file = ctx.tmpFile('xlsx');
  const columns = [
    { header: q.retailer ? 'Brand' : 'Retailer', width: 40 },
    { header: M.enabledColumn, width: 30 },
  ];
  const count = await writeCellsXlsxFile(file, title, columns, rows, (n) => ctx.progress(n));
  const key = permissionsExportKey(job._id);
  await putExportObject(key, file);
  return {
    key,
    rows: count,
    writes: [linkRecordWrite({ _id: job._id, brand: job.brand, retailer: job.retailer, name: job.name, key, rows: count, createdBy: job.createdBy, createdAt: job.createdAt, linkExpiresAt: linkExpiry(job.createdAt) })],
    notification: {
      subject: 'export:Export ready',
      retailer: q.retailer ? where : '',
      ...(q.retailer ? { retailerId: q.retailer } : {}),
      message: `<p>The Permissions export <b>${escapeHtml(job.name)}</b> (${count.toLocaleString('en-US')} rows, ${escapeHtml(title)} of ${escapeHtml(where)}) is ready. Export links expire in 7 days.</p>`,
    },
  };
};
