/**
 * Settings → Contacts (000 §2, §4, §5, §7; docs/decisions.md "Contacts import and export"):
 * - `readHeaders`: POST /getAddressBookHeaders: the file checked and read → its headers and row count;
 * - `importContacts`: POST /addressBook/import/{brandId}: the file checked, stored, each row
 *   validated, the valid ones written 25 a transaction, 8 transactions at once, progress saved
 *   after each 1,000 rows (a retry with the same import id resumes there); the rejected rows'
 *   file; the history record;
 * - `importStatus`: the progress the wizard polls meanwhile;
 * - `contactCount`, `history`, `downloadFile`; the export is a background job (contacts-export.ts).
 */
import path from 'node:path';
import { CONTACTS_IO_MSG as M } from '../../shared/messages/contacts-import';
import { CONTACTS_IO_LIMITS, type ContactsFileType, type HistoryItem, type ImportResult, type ImportRules, type UploadType } from '../../shared/schemas/contacts-import';
import type { UploadedFile } from '../../shared/schemas/contact';
import { contactCountUpdates, countContacts, PUT_CONTACTS_BATCH, putImportedContacts, type NewContact } from '../address-book';
import { getBrand } from '../brands';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, ForbiddenError, HttpError, NotFoundError, PayloadTooLargeError, ValidationError } from '../lib/http/errors';
import { mapLimit } from '../lib/map-limit';
import { newId } from '../lib/table';
import { getRetailers } from '../retailers';
import { assertSeesAll } from './access';
import { CSV_BOM, csvLine } from './domain/csv-out';
import { FileCheckError } from './domain/file-check';
import { parseContactsFile, type ParsedFile } from './domain/parse';
import { checkRow, columnsOf, storeIndex, type ImportContact } from './domain/rows';
import {
  claimImportJob,
  commitImportWindow,
  CONTENT_TYPES,
  countFiles,
  getFileRecord,
  getImportJob,
  IMPORT_PREFIX,
  pageFiles,
  presignFile,
  putFileRecord,
  putObject,
  updateImportJob,
  type ContactsFileRecord,
  type ImportJobRecord,
} from './files.repo';
import { record as recordMetric } from '../lib/metrics';

/** Transactions of PUT_CONTACTS_BATCH contacts in flight at once, and rows between two saves of the progress. */
export const IMPORT_CONCURRENCY = 10;
export const IMPORT_WINDOW = 1000;
/** Distinct retailers a window: its commit (progress + brand count + one count a retailer) stays within a transaction's 100 items. */
const WINDOW_RETAILERS = 90;

/** The file checked and read, or the refusal: 413 too large, 415 not csv/xlsx, 400 unreadable or a zip bomb. */
export async function readFile(file: UploadedFile): Promise<ParsedFile> {
  if (file.truncated || file.content.length > CONTACTS_IO_LIMITS.maxFileBytes) throw new PayloadTooLargeError(M.fileTooLarge(CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024));
  try {
    return await parseContactsFile(file.content);
  } catch (e) {
    if (!(e instanceof FileCheckError)) throw e;
    const key = e.message as keyof typeof M;
    const text = key === 'fileTooLarge' ? M.fileTooLarge(CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024) : key === 'tooManyRows' ? M.tooManyRows(CONTACTS_IO_LIMITS.maxRows) : typeof M[key] === 'string' ? (M[key] as string) : M.fileType;
    if (e.kind === 'size') throw new PayloadTooLargeError(text);
    if (key === 'fileType') throw new HttpError(415, text, 'UNSUPPORTED_FILE');
    throw new ValidationError(text);
  }
}

/** A non-ADMIN naming a brand in a form: it must be theirs (the tenant rule reads only paths and queries). */
function assertFormBrand(auth: AuthContext, brand: string | undefined): void {
  if (!auth.isAdmin && brand !== undefined && brand !== auth.brand) throw new ForbiddenError();
}

/** POST /getAddressBookHeaders */
export async function readHeaders(auth: AuthContext, body: { file: UploadedFile; brand?: string }) {
  assertFormBrand(auth, body.brand);
  const parsed = await readFile(body.file);
  const headers = parsed.headers.filter((h) => h !== '');
  if (!parsed.rows.length) return { message: M.noRows, data: { data: headers, count: 0 } };
  return { data: { data: headers, count: parsed.rows.length } };
}

const jobView = (j: ImportJobRecord): ImportResult => ({
  importId: j._id,
  status: j.status,
  total: j.total,
  done: j.done,
  created: j.created,
  updated: j.updated,
  ignored: j.ignored,
  rejected: j.rejected,
  fileId: j.fileId,
  rejectedFileId: j.rejectedFileId,
});

/** Answer of a finished import: every row in → 'Contact imported successfully.'; some refused → 'File uploaded successfully.' */
const doneAnswer = (j: ImportJobRecord) => ({ message: j.rejected ? M.uploaded : M.imported, data: jobView(j) });

/** A file name safe to store and show: no path, control or reserved characters. */
export function cleanFileName(name: string, ext: ContactsFileType): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').replace(/\.(csv|xlsx)$/i, '').trim().slice(0, 120);
  return `${base || 'contacts'}.${ext}`;
}

interface Checked {
  valid: { row: number; contact: ImportContact }[];
  rejected: { row: number; cells: string[]; reasons: string[] }[];
}

/** Every row checked (deterministic: a resumed import finds the same rows refused). Row numbers count the header as row 1. */
async function checkRows(brandId: string, parsed: ParsedFile, rules: ImportRules): Promise<Checked> {
  const cols = columnsOf(parsed.headers, rules);
  if ('missing' in cols) throw new ValidationError(M.unknownColumn(cols.missing));
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(M.brandRequired);
  const retailers = await getRetailers(brand.retailers.map((r) => r.retailer));
  const stores = storeIndex(brand.retailers, new Map(retailers.map((r) => [r._id, r.name])));
  const seen = new Map<string, number>();
  const out: Checked = { valid: [], rejected: [] };
  parsed.rows.forEach((cells, i) => {
    const row = i + 2;
    const r = checkRow(cells, cols.columns, stores);
    if (!r.ok) return void out.rejected.push({ row, cells, reasons: r.reasons });
    const first = seen.get(r.key);
    if (first !== undefined) return void out.rejected.push({ row, cells, reasons: [M.duplicateRow(first)] });
    seen.set(r.key, row);
    out.valid.push({ row, contact: r.contact });
  });
  return out;
}

/** POST /addressBook/import/{brandId} */
export async function importContacts(auth: AuthContext, brandId: string, body: { rules: ImportRules; file: UploadedFile; flag: 'ignore' | 'update'; importId?: string }) {
  const parsed = await readFile(body.file);
  if (!parsed.rows.length) throw new ValidationError(M.noRows);
  const checked = await checkRows(brandId, parsed, body.rules);
  const importId = body.importId ?? newId();
  const now = new Date().toISOString();
  let job = await getImportJob(brandId, importId);
  if (job?.status === 'done') return doneAnswer(job);
  const fresh: ImportJobRecord = job ?? {
    _id: importId,
    brand: brandId,
    status: 'running',
    flag: body.flag,
    total: parsed.rows.length,
    done: 0,
    created: 0,
    updated: 0,
    ignored: 0,
    rejected: checked.rejected.length,
    fileId: importId,
    rejectedFileId: null,
    createdBy: auth.sub,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await claimImportJob(fresh))) {
    job = await getImportJob(brandId, importId);
    if (job?.status === 'done') return doneAnswer(job);
    throw new ConflictError(M.importRunning);
  }
  let current: ImportJobRecord = fresh;
  const flag = current.flag;
  const fileName = cleanFileName(body.file.filename, parsed.type);
  const key = `${IMPORT_PREFIX}${brandId}/${importId}.${parsed.type}`;
  await putObject(key, body.file.content, CONTENT_TYPES[parsed.type]);

  // The valid rows not yet settled, a window at a time (≤ IMPORT_WINDOW rows, ≤ WINDOW_RETAILERS
  // retailers: its commit is one transaction); the progress and the counts after each.
  const tally = { created: current.created, updated: current.updated, ignored: current.ignored };
  const todo = checked.valid.filter((v) => v.row - 2 >= current.done);
  // A resumed import meets stored contacts: read each batch first. Otherwise the batches skip the
  // read until one meets a stored contact (a list imported again, say): from then on they read.
  let readFirst = current.done > 0;
  for (let w = 0; w < todo.length; ) {
    const retailers = new Set<string>();
    let end = w;
    while (end < todo.length && end - w < IMPORT_WINDOW && (retailers.has(todo[end]!.contact.retailer) || retailers.size < WINDOW_RETAILERS)) retailers.add(todo[end++]!.contact.retailer);
    const window = todo.slice(w, end);
    const batches: NewContact[][] = [];
    for (let b = 0; b < window.length; b += PUT_CONTACTS_BATCH) {
      batches.push(window.slice(b, b + PUT_CONTACTS_BATCH).map((v) => ({ ...v.contact, brand: brandId, createdBy: auth.sub })));
    }
    let created = 0;
    const perRetailer = new Map<string, number>();
    await mapLimit(batches, IMPORT_CONCURRENCY, async (batch) => {
      const r = await putImportedContacts(batch, flag, importId, readFirst);
      if (r.existed) readFirst = true;
      created += r.created;
      tally.updated += r.updated;
      tally.ignored += r.ignored;
      for (const [k, n] of r.perRetailer) perRetailer.set(k, (perRetailer.get(k) ?? 0) + n);
    });
    tally.created += created;
    const next = todo[end];
    const done = next ? next.row - 2 : parsed.rows.length;
    await commitImportWindow(brandId, importId, current.done, { done, ...tally }, contactCountUpdates(brandId, created, perRetailer));
    current = { ...current, done, ...tally };
    w = end;
  }

  let rejectedFileId: string | null = null;
  if (checked.rejected.length) {
    rejectedFileId = `${importId}-rejected`;
    const lines = [csvLine(['Row', ...parsed.headers, 'Reason']), ...checked.rejected.map((r) => csvLine([r.row, ...r.cells, r.reasons.join(' ')]))];
    const rejectedKey = `${IMPORT_PREFIX}${brandId}/${rejectedFileId}.csv`;
    await putObject(rejectedKey, CSV_BOM + lines.join(''), CONTENT_TYPES.csv);
    await putFileRecord({ _id: rejectedFileId, brand: brandId, kind: 'rejected', fileName: `${fileName.replace(/\.(csv|xlsx)$/, '')} - rejected rows.csv`, key: rejectedKey, rows: checked.rejected.length, createdBy: auth.sub, createdAt: current.createdAt });
  }
  await putFileRecord({ _id: importId, brand: brandId, kind: 'import', fileName, key, rows: parsed.rows.length, rejected: checked.rejected.length, ...(rejectedFileId ? { rejectedFileId } : {}), createdBy: auth.sub, createdAt: current.createdAt });
  await updateImportJob(brandId, importId, { status: 'done', done: parsed.rows.length, rejectedFileId, ...tally });
  recordMetric('ContactsImported', parsed.rows.length - checked.rejected.length);
  return doneAnswer({ ...current, status: 'done', done: parsed.rows.length, rejectedFileId, ...tally });
}

/** GET /addressBook/import/{brandId}/{importId} */
export async function importStatus(brandId: string, importId: string) {
  const job = await getImportJob(brandId, importId);
  if (!job) throw new NotFoundError(M.fileNotFound);
  return { data: jobView(job) };
}

/** GET /addressBook/getContactCount/{brandId} */
export async function contactCount(auth: AuthContext, brandId: string) {
  assertSeesAll(auth);
  return { contactCount: await countContacts(brandId) };
}

const expired = (r: ContactsFileRecord, now: number) => r.expiresAt !== undefined && Date.parse(r.expiresAt) <= now;

/** GET /importexportaddressBook/{brandId}?type=addressBook&uploadType= : newest first, one page. */
export async function history(auth: AuthContext, brandId: string, q: { uploadType: UploadType; page: number; limit: number; cursor?: string }, now = Date.now()) {
  assertSeesAll(auth);
  const totalCount = await countFiles(brandId, q.uploadType);
  const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
  if (!q.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageFiles(brandId, q.uploadType, { limit: q.limit, cursor: q.cursor, skip });
  const data: HistoryItem[] = page.items.map((r) => ({ _id: r._id, fileName: r.fileName, createdAt: r.createdAt, rows: r.rows, rejectedFileId: r.rejectedFileId ?? null, rejected: r.rejected ?? 0, expired: expired(r, now) }));
  return { data, totalCount, nextCursor: page.nextCursor ?? null };
}

/** GET /addressBook/downloadFile/{id}?brand= : a short-lived link to the stored file (another brand's id: 404, as an unknown one). */
export async function downloadFile(auth: AuthContext, id: string, brand: string | undefined) {
  assertSeesAll(auth);
  const brandId = auth.isAdmin ? brand : auth.brand;
  const record = await getFileRecord(id);
  if (!record || !brandId || record.brand !== brandId) throw new NotFoundError(M.fileNotFound);
  if (expired(record, Date.now())) throw new HttpError(410, M.fileExpired, 'FILE_EXPIRED');
  return { data: { url: await presignFile(record), fileName: record.fileName } };
}
