/**
 * Settings → Contacts (000 §2, §3 Contact and Import/export file record, §4 import wizard, §5, §7,
 * §8): the header read, the import, the export, the count, the history and the file download.
 * The limits are here so that the web checks what the server enforces (docs/decisions.md
 * "Contacts import and export").
 */
import * as z from 'zod';
import { exportFileResponse } from './export-job';
import { PAGE } from '../constants';
import { CONTACTS_IO_MSG as M } from '../messages/contacts-import';
import { id, paging, uploadedFile } from './common';

export const CONTACTS_IO_LIMITS = {
  /** An uploaded file (in AWS the API's 6 MB request cap, about 4.4 MB of file, comes first). */
  /** What a deployed stack can take: Lambda's 6 MB request event holds the file base64-encoded (4/3) with the form's fields. */
  maxFileBytes: 4 * 1024 * 1024,
  /** Contacts a file: one import fits an API call (29 s) with room (10k in ≤ 10 s, bench/). */
  maxRows: 10_000,
  /** An xlsx's entries, inflated, at most (zip bombs are refused before any inflating). */
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxZipEntries: 200,
  /** Columns a file, and characters a header. */
  maxColumns: 100,
  maxHeader: 200,
} as const;

/** The limits as numbers (tests pass smaller ones). */
export type ContactsIoLimits = { [K in keyof typeof CONTACTS_IO_LIMITS]: number };

/** The five fields of Match Data (000 §2) → the file's column chosen for each. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'email', 'retailer', 'role'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** 000 §2 labels of Match Data. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First Name',
  lastName: 'LastName',
  email: 'Email Address',
  retailer: 'Store Name',
  role: 'Roles/Responsibilities',
};
export const FILE_TYPES = ['csv', 'xlsx'] as const;
export type ContactsFileType = (typeof FILE_TYPES)[number];
export const DUPLICATE_FLAGS = ['ignore', 'update'] as const;

/** One file field (a repeated one: the first). */
const oneFile = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), uploadedFile(M.fileRequired));
const brandField = id.optional();

/** POST /getAddressBookHeaders (multipart): file, and brand for an ADMIN acting as a brand. */
export const headersBody = z.object({ file: oneFile, brand: brandField });

/** The rules of the import: each field → a header of the file (000 §7 "rules JSON"). */
export const importRules = z.object(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.string({ error: M.selectAllFields }).trim().min(1, M.selectAllFields).max(CONTACTS_IO_LIMITS.maxHeader)])) as Record<ImportField, z.ZodString>, { error: M.selectAllFields });
export type ImportRules = z.output<typeof importRules>;

const rulesField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}, importRules);

/** POST /addressBook/import/{brandId} (multipart): rules, file, flag, and the client's id of this import (a retry resumes it). */
export const importBody = z.object({
  rules: rulesField,
  file: oneFile,
  flag: z.enum(DUPLICATE_FLAGS, { error: M.flagInvalid }).default('ignore'),
  importId: id.optional(),
});
export const brandPath = z.object({ brandId: id });

// ── The import wizard's steps (000 §2, §5): what each asks, checked as the calls check it ───────

/** Step 1's upload: a file chosen in the browser ('Please select file.') within the size a call takes. */
export const importFileForm = z.object({
  file: z
    .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: M.selectFile })
    .refine((f) => !(f.size > CONTACTS_IO_LIMITS.maxFileBytes), M.fileTooLarge(CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024)),
});
/** Step 3's choice for duplicates: the import's own `flag` (ignore by default). */
export const importFlagForm = importBody.pick({ flag: true });
export const importStatusPath = z.object({ brandId: id, importId: id });

export const exportQuery = z.object({ fileType: z.enum(FILE_TYPES, { error: 'fileType must be csv or xlsx.' }) });

export const HISTORY_TYPES = ['addressBook'] as const;
export const UPLOAD_TYPES = ['export', 'import'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** GET /importexportaddressBook/{brandId}?type=addressBook&uploadType=export|import (paged, newest first). */
export const historyQuery = z.object({
  type: z.enum(HISTORY_TYPES, { error: 'type must be addressBook.' }).default('addressBook'),
  uploadType: z.enum(UPLOAD_TYPES, { error: 'uploadType must be export or import.' }),
  ...paging,
  limit: paging.limit.default(PAGE.defaultLimit),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
export const fileIdPath = z.object({ id });
export const downloadQuery = z.object({ brand: brandField });

// ── Responses ──────────────────────────────────────────────────────────────────────────────────

export const headersResponse = z.object({
  message: z.string().optional(),
  data: z.object({ data: z.array(z.string()), count: z.number().int() }),
});

export const importResult = z.object({
  importId: z.string(),
  status: z.enum(['running', 'done']),
  /** Rows of the file (the header row not counted), rows written or refused so far. */
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  ignored: z.number().int(),
  rejected: z.number().int(),
  /** The uploaded file and the rejected rows' file (GET /addressBook/downloadFile/{id}). */
  fileId: z.string(),
  rejectedFileId: z.string().nullable(),
});
export type ImportResult = z.output<typeof importResult>;
export const importResponse = z.object({ message: z.string(), data: importResult });
export const importStatusResponse = z.object({ data: importResult });

/** GET /addressBook/export/{brandId} (202): the export's job (docs/exports.md "Every export is a job"): `name` the file's, `link` its download once ready. */
export const exportResponse = z.object({ data: exportFileResponse });
export const contactCountResponse = z.object({ contactCount: z.number().int() });

/** 000 §3 Import/export file record: _id, fileName (and what the list shows). */
export const historyItem = z.object({
  _id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  rows: z.number().int(),
  /** An import's refused rows, when any. */
  rejectedFileId: z.string().nullable(),
  rejected: z.number().int(),
  expired: z.boolean(),
});
export type HistoryItem = z.output<typeof historyItem>;
export const historyResponse = z.object({ data: z.array(historyItem), totalCount: z.number().int(), nextCursor: z.string().nullable() });
export const downloadResponse = z.object({ data: z.object({ url: z.string(), fileName: z.string() }) });
