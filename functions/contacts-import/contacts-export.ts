/**
 * Settings → Contacts → Export Contacts (000 §2, §7 `GET /addressBook/export/{brandId}?fileType=`),
 * a background job like every export (docs/exports.md "Every export is a job"; the machinery is
 * functions/exports/export-jobs.ts):
 * - `startContactsExport`: the caller and the brand checked, the job recorded and its request
 *   object `jobs/contacts-export/<id>.json` dropped; answers at once (202) `{ data: job }`.
 * - `buildContactsExport` (the worker's build): every contact of the brand, a Query page of 1,000
 *   at a time, streamed into a CSV (with a BOM) or an xlsx in /tmp, put in S3 under
 *   `exports/contacts/<brand>/<job id>.<csv|xlsx>` (deleted after 7 days) and recorded in the
 *   brand's Import/Export History (`ABFILE#<job id>`, the Downloaded Files).
 * The columns are the import's, so an export imports back unchanged.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { CONTACTS_IO_MSG as M } from '../../shared/messages/contacts-import';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ContactsFileType } from '../../shared/schemas/contacts-import';
import type { ExportJobView } from '../../shared/schemas/exports';
import { countContacts, pageBrandContacts } from '../address-book';
import { getBrand } from '../brands';
import { escapeHtml, JobError, jobQuery, linkExpiry, startExportJob, writeCellsXlsxFile, type BuildContext, type JobBuilder } from '../exports';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { record as recordMetric } from '../lib/metrics';
import { getRetailers } from '../retailers';
import { assertSeesAll } from './access';
import { CSV_BOM, csvLine } from './domain/csv-out';
import { CONTENT_TYPES, EXPORT_PREFIX, fileRecordWrites, putObjectFile, type ContactsFileRecord } from './files.repo';

/** Contacts read a page. */
const PAGE = 1000;

/** What the job keeps of the request. */
interface ContactsJobQuery {
  fileType: ContactsFileType;
}

/** The export's columns: the import's (a file exported imports back as it is). */
const EXPORT_HEADERS = IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]);

export const contactsFileName = (brandName: string, date: string, fileType: ContactsFileType) => `Contacts - ${brandName.replace(/[\\/:*?"<>|]/g, '-')} - ${date}.${fileType}`;

/** GET /addressBook/export/{brandId}?fileType=: 202 with the job (queued); the file is built in the background and arrives in the Downloaded Files. */
export async function startContactsExport(auth: AuthContext, brandId: string, fileType: ContactsFileType, now = new Date()): Promise<{ data: ExportJobView }> {
  assertSeesAll(auth);
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(M.fileNotFound);
  const query: ContactsJobQuery = { fileType };
  const job = await startExportJob(
    { kind: 'contacts', brand: brandId, retailer: '', query: JSON.stringify(query), name: contactsFileName(brand.name, now.toISOString().slice(0, 10), fileType), createdBy: auth.sub },
    now,
  );
  return { data: job };
}

/** The brand's contacts as rows of cells, a page at a time. */
async function* contactRows(brandId: string, names: ReadonlyMap<string, string>): AsyncGenerator<string[]> {
  let cursor: string | undefined;
  do {
    const page = await pageBrandContacts(brandId, { limit: PAGE, cursor });
    for (const c of page.items) yield [c.firstName, c.lastName, c.email, names.get(c.retailer) ?? c.retailer, c.role];
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The CSV: a BOM, the header line, a line a contact (cells made safe by csvLine), streamed to the file. */
async function writeCsv(file: string, rows: AsyncIterable<string[]>, ctx: BuildContext): Promise<number> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  let n = 0;
  try {
    await write(CSV_BOM + csvLine(EXPORT_HEADERS));
    for await (const row of rows) {
      await write(csvLine(row));
      if (++n % PAGE === 0) await ctx.progress(n);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  recordMetric('Exports', 1);
  recordMetric('ExportRows', n);
  return n;
}

/** The worker's build of a contacts job: the file of every contact of the brand, into its Downloaded Files. */
export const buildContactsExport: JobBuilder = async (job, ctx) => {
  const { fileType } = jobQuery<ContactsJobQuery>(job);
  const brand = await getBrand(job.brand);
  if (!brand) throw new JobError(M.fileNotFound);
  const [total, retailers] = await Promise.all([countContacts(job.brand), getRetailers(brand.retailers.map((r) => r.retailer))]);
  await ctx.progress(0, total);
  const names = new Map(retailers.map((r) => [r._id, r.name]));
  const file = ctx.tmpFile(fileType);
  const rows = contactRows(job.brand, names);
  const count =
    fileType === 'csv'
      ? await writeCsv(file, rows, ctx)
      : await writeCellsXlsxFile(
          file,
          'Contacts',
          EXPORT_HEADERS.map((h) => ({ header: h, width: 28 })),
          rows,
          (n) => ctx.progress(n),
        );
  const key = `${EXPORT_PREFIX}${job.brand}/${job._id}.${fileType}`;
  await putObjectFile(key, file, CONTENT_TYPES[fileType]);
  const record: ContactsFileRecord & { kind: 'export' } = { _id: job._id, brand: job.brand, kind: 'export', fileName: job.name, key, rows: count, createdBy: job.createdBy, createdAt: job.createdAt, expiresAt: linkExpiry(job.createdAt) };
  return {
    key,
    rows: count,
    writes: fileRecordWrites(record),
    notification: {
      subject: 'export:Export ready',
      retailer: '',
      message: `<p>The contacts export <b>${escapeHtml(job.name)}</b> (${count.toLocaleString('en-US')} contacts of ${escapeHtml(brand.name)}) is ready in Settings › Contacts › Import/Export History (Downloaded Files). Export files are kept 7 days.</p>`,
    },
  };
};
