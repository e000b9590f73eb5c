/**
 * Requests and answers of the contact form's calls (000 §2, §3, §5, §7): the canned messages'
 * shared read, the form's contact info and POST /contact_retailer. The limits of an email are
 * here so that the form checks what the server enforces (docs/decisions.md "Contact retailer").
 */
import * as z from 'zod';
import { PAGE } from '../constants';
import { CANNED_MSG } from '../messages/canned-messages';
import { CONTACT_MSG } from '../messages/contact';
import { fileList, id, paging } from './common';

export type { UploadedFile } from './common';

/** Limits of one email of the contact form. */
export const CONTACT_LIMITS = {
  /** To + CC + BCC (SES takes at most 50 destinations per message). */
  maxRecipients: 50,
  maxFiles: 10,
  /**
   * Attachment sizes, the same deployed and locally: the images go straight to S3 through
   * presigned POSTs whose policy holds the size and type (POST /contact_retailer/attachments),
   * never through API Gateway and Lambda (6 MB a request); the email names them. SES v2 takes a
   * message of up to 40 MB: 25 MB of images is 33.4 MB once base64-encoded, with room for the
   * message (test/shared/contact-limits.test.ts checks the worst case).
   */
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  /** How long an upload link (a presigned POST) may be used, in seconds. */
  uploadLinkSeconds: 15 * 60,
  maxSubject: 200,
  maxName: 100,
  /** The rich-text message as sent (HTML). */
  maxMessageChars: 200_000,
  maxProducts: 100,
  /** Emails one user may send per hour. */
  perUserPerHour: 30,
  /** The form's read of the retailer's contacts. */
  maxContacts: 100,
} as const;

/** The attachments the form accepts: images, checked by their first bytes on the server. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What the email is about: the brand profile (brand flag modal) or products. */
export const CONTACT_SOURCES = ['brand', 'product'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/**
 * Canned-message placeholders (000 §3 Email variables: {User_name} plus the contact-info fields),
 * the one list GET /getvariable answers, the Inbox offers and the contact form fills:
 * - the values POST /getContactInfoForEmail/ gives in `data.data` (the sender, the retailer, the brand);
 * - the first target contact's fields (a target must be ticked first: 'Please select target email address.').
 */
export const FORM_VARIABLE_NAMES = ['User_name', 'Retailer_name', 'Brand_name'] as const;
export type FormVariableName = (typeof FORM_VARIABLE_NAMES)[number];
export const CONTACT_VARIABLE_NAMES = ['firstName', 'lastName', 'email', 'role'] as const;
export type ContactVariableName = (typeof CONTACT_VARIABLE_NAMES)[number];
/** In the order the Inbox's dropdown lists them: {User_name}, the contact's fields, then the retailer and the brand. */
export const EMAIL_VARIABLE_NAMES = ['User_name', ...CONTACT_VARIABLE_NAMES, 'Retailer_name', 'Brand_name'] as const;
export const EMAIL_VARIABLES = EMAIL_VARIABLE_NAMES.map((n) => `{${n}}`) as readonly `{${(typeof EMAIL_VARIABLE_NAMES)[number]}}`[];

/** GET /getvariable: the placeholder names, each as it is written in a message ({User_name}). */
export const getVariablesResponse = z.object({ data: z.array(z.string()) });

/** 000 §2 default subjects: one product; several products or a flag (the brand profile). */
export function defaultSubject(retailer: string, single: boolean): string {
  return single ? `Issue found on the ${retailer} website` : `Issues found on the ${retailer} website`;
}

// ── Canned messages (000 §3: _id, name, content (rich text), brand, status) ─────────────────

export const CANNED_STATUSES = ['active', 'inactive'] as const;
export type CannedStatus = (typeof CANNED_STATUSES)[number];
export const CANNED_SORTS = ['name;asc', 'name;desc'] as const;
/** The contact form reads every active message of the brand in one call (000 §7: limit=10000). */
export const CANNED_FORM_LIMIT = 10000;

/** GET /cannedmessages?brand&page&limit&sort[&status][&cursor] */
export const listCannedMessagesQuery = z.object({
  brand: z.string({ error: 'brand is required.' }).trim().min(1, 'brand is required.').pipe(id),
  page: paging.page,
  limit: z.coerce.number().int().min(1).max(CANNED_FORM_LIMIT).default(PAGE.cannedMessages),
  sort: z.enum(CANNED_SORTS, { error: 'Sort must be name;asc or name;desc.' }).default('name;asc'),
  status: z.enum(CANNED_STATUSES, { error: 'status must be active or inactive.' }).optional(),
  /** Where the page starts: the `nextCursor` of the page before, same sort and status (without it, `page` is counted from the first). */
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
export type ListCannedMessagesQuery = z.output<typeof listCannedMessagesQuery>;

export const cannedMessage = z.object({
  _id: z.string(),
  name: z.string(),
  content: z.string(),
  brand: z.string(),
  status: z.enum(CANNED_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedMessage = z.output<typeof cannedMessage>;
/** `nextCursor`: where the next page starts (null on the last page). */
export const listCannedMessagesResponse = z.object({ data: z.array(cannedMessage), totalCount: z.number().int(), nextCursor: z.string().nullable() });

/** Limits of one canned message (docs/decisions.md "Inbox"). */
export const CANNED_LIMITS = {
  maxName: 100,
  /** The rich-text content as sent (HTML); the sanitised HTML is stored. */
  maxContentChars: 100_000,
} as const;

/** Whether rich-text HTML has any text or image (Quill's empty editor is `<p><br></p>`): a message the forms may send. */
export function hasRichText(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim().length > 0;
}

/** Names compare trimmed, inner spaces collapsed. */
const cannedName = z
  .string({ error: CANNED_MSG.nameRequired })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, CANNED_MSG.nameRequired).max(CANNED_LIMITS.maxName, CANNED_MSG.nameTooLong(CANNED_LIMITS.maxName)));
const cannedFields = {
  name: cannedName,
  content: z.string({ error: CANNED_MSG.contentRequired }).min(1, CANNED_MSG.contentRequired).max(CANNED_LIMITS.maxContentChars, CANNED_MSG.contentTooLong(CANNED_LIMITS.maxContentChars)),
  /** The brand the message is for: a brand user's own (may be left out), the brand an ADMIN acts for (required). */
  brand: z.string().trim().pipe(id).optional(),
  status: z.enum(CANNED_STATUSES, { error: CANNED_MSG.statusRequired }),
};

/** POST /cannedmessages {name, content, brand, status} */
export const createCannedMessageBody = z.object(cannedFields);
export type CreateCannedMessageBody = z.output<typeof createCannedMessageBody>;

/** The Inbox's add and edit form (000 §5): the body's name, content and status, an empty editor being 'Message is required.' too. */
export const cannedMessageForm = z.object({
  name: cannedFields.name,
  content: cannedFields.content.refine(hasRichText, CANNED_MSG.contentRequired),
  status: cannedFields.status,
});
export type CannedMessageFormValues = z.output<typeof cannedMessageForm>;

/** PUT /cannedmessages/{id} {name, content, brand, status, updatedAt}: `updatedAt` is the version the editor opened (a newer one: 409). */
export const updateCannedMessageBody = z.object({
  ...cannedFields,
  updatedAt: z.string({ error: CANNED_MSG.versionRequired }).min(1, CANNED_MSG.versionRequired).max(64, CANNED_MSG.versionRequired),
});
export type UpdateCannedMessageBody = z.output<typeof updateCannedMessageBody>;

export const cannedMessageIdPath = z.object({ id });

/** The saved message (as stored: the content sanitised) and the spec's toast. */
export const saveCannedMessageResponse = z.object({ message: z.string(), data: cannedMessage });

// ── The form's contact info: POST /getContactInfoForEmail/ ─────────────────────────────────

export const contactInfoForEmailBody = z.object({
  retailer_brand_scraping: z.string({ error: 'retailer_brand_scraping is required.' }).trim().min(1, 'retailer_brand_scraping is required.').pipe(id),
});

export const formContact = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.string() });
export type FormContact = z.output<typeof formContact>;
export const contactInfoForEmailResponse = z.object({
  data: z.object({
    /** Placeholder values that do not depend on the target contact: {User_name}, {Retailer_name}, {Brand_name}. */
    data: z.record(z.string(), z.string()),
    /** The retailer's contacts for this brand (To), by address; at most CONTACT_LIMITS.maxContacts. */
    contacts: z.array(formContact),
    /** The brand contact (000 §2: CC always includes it). */
    cc: z.array(z.string()),
    /** The user's and the company's BCC addresses (the BCC default). */
    bcc: z.array(z.string()),
    /** The brand's users (not deactivated), whom CC and BCC may add: colleagues by name. */
    colleagues: z.array(z.object({ name: z.string(), email: z.string() })),
    /** The brand's own email domains: any address at one of them may be added to CC and BCC. */
    ownDomains: z.array(z.string()),
    retailer: z.object({ _id: z.string(), name: z.string() }),
    brand: z.object({ _id: z.string(), name: z.string() }),
  }),
});
export type ContactInfoForEmail = z.output<typeof contactInfoForEmailResponse>['data'];

// ── POST /contact_retailer?version=1.0.0 (multipart) ───────────────────────────────────────

const EMAIL_RE = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;
export const isEmailAddress = (s: string): boolean => s.length <= 254 && EMAIL_RE.test(s);

/** A list's values, trimmed, the empty ones left out. */
const trimmedList = z.array(z.string().max(320)).transform((xs) => xs.map((x) => x.trim()).filter(Boolean));

/** A list field of a form: repeated `to[]` fields, a JSON array, or one comma/semicolon-separated string. */
const listField = z.preprocess((v) => {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? x.split(/[,;]/) : [x]));
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return [t];
    }
  }
  return t.split(/[,;]/);
}, trimmedList);

const validAddresses = (xs: string[], ctx: z.RefinementCtx) => {
  for (const x of xs) if (!isEmailAddress(x)) ctx.addIssue({ code: 'custom', message: CONTACT_MSG.invalidAddress(x) });
};
const hasTarget = (xs: string[]) => xs.length > 0;
/** Addresses as the multipart body has them, and as the form holds them (a list already). */
const addressList = listField.superRefine(validAddresses);
const addressArray = trimmedList.superRefine(validAddresses);

const noLineBreaks = (s: string) => !/[\r\n\u2028\u2029\0]/.test(s);

export const contactRetailerQuery = z.object({ version: z.literal('1.0.0', { error: 'version must be 1.0.0.' }).optional() });

const contactSubject = z
  .string({ error: CONTACT_MSG.subjectRequired })
  .refine(noLineBreaks, CONTACT_MSG.headerInjection)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, CONTACT_MSG.subjectRequired).max(CONTACT_LIMITS.maxSubject, CONTACT_MSG.subjectTooLong));
const contactMessage = z.string({ error: CONTACT_MSG.noMessage }).max(CONTACT_LIMITS.maxMessageChars, CONTACT_MSG.messageTooLong);

export const contactRetailerBody = z
  .object({
    subject: contactSubject,
    name: z
      .string()
      .refine(noLineBreaks, CONTACT_MSG.headerInjection)
      .transform((s) => s.trim())
      .pipe(z.string().max(CONTACT_LIMITS.maxName, CONTACT_MSG.nameTooLong))
      .optional(),
    to: addressList.refine(hasTarget, CONTACT_MSG.noTarget),
    cc: addressList,
    bcc: addressList,
    message: contactMessage,
    source: z.enum(CONTACT_SOURCES, { error: 'source must be brand or product.' }),
    isCanned: z.enum(['true', 'false', '1', '0'], { error: 'isCanned must be true or false.' }).optional().transform((v) => v === 'true' || v === '1'),
    /** Ours (issue 24 §3): add a link to the retailer's open cases of the brand (signed, expiring, revocable) at the end of the message. */
    casesLink: z.enum(['true', 'false'], { error: 'casesLink must be true or false.' }).optional().transform((v) => v === 'true'),
    products: listField.pipe(z.array(id).max(CONTACT_LIMITS.maxProducts, `At most ${CONTACT_LIMITS.maxProducts} products per email.`)),
    retailer_brand_scraping: z.string({ error: 'retailer_brand_scraping is required.' }).trim().min(1, 'retailer_brand_scraping is required.').pipe(id),
    retailer: z.string().trim().pipe(id).optional(),
    /** The client's id of this send: a retry with the same id sends nothing twice. */
    requestId: z.string({ error: CONTACT_MSG.requestIdRequired }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8 to 64 letters, digits, - or _.'),
    /** The uploaded attachments, by the keys POST /contact_retailer/attachments gave (repeated `attachment[]`). */
    attachment: listField.pipe(z.array(z.string().max(1024)).max(CONTACT_LIMITS.maxFiles, CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles))),
    /** Files in the request itself are refused: they are uploaded first (the request would cap them near 4 MB deployed). */
    file: fileList.refine((xs) => xs.length === 0, CONTACT_MSG.uploadFirst),
    'file[]': fileList.refine((xs) => xs.length === 0, CONTACT_MSG.uploadFirst),
  })
  .transform(({ file: _f, 'file[]': _fs, attachment, ...rest }) => ({ ...rest, attachments: [...new Set(attachment)] }))
  .superRefine((b, ctx) => {
    if (b.source === 'product' && b.products.length === 0) ctx.addIssue({ code: 'custom', path: ['products'], message: CONTACT_MSG.productsRequired });
    const n = new Set([...b.to, ...b.cc, ...b.bcc].map((x) => x.toLowerCase())).size;
    if (n > CONTACT_LIMITS.maxRecipients) ctx.addIssue({ code: 'custom', path: ['to'], message: CONTACT_MSG.tooManyRecipients(CONTACT_LIMITS.maxRecipients) });
  });
export type ContactRetailerBody = z.output<typeof contactRetailerBody>;
/** The multipart fields of POST /contact_retailer the web sends (a list as repeated `to[]`…; files go to S3 first). */
export type ContactRetailerField = Exclude<keyof z.input<typeof contactRetailerBody>, 'file' | 'file[]'>;

/**
 * What the contact form's user fills (000 §2, §5), checked by the body's own rules before sending:
 * 'Please enter first target email address.', and 'Please enter message.' for an empty editor
 * too. `cc` is the addresses added to the brand contact; the rest of the body is the screen's.
 */
export const contactEmailForm = z.object({
  subject: contactSubject,
  to: addressArray.refine(hasTarget, CONTACT_MSG.noTarget),
  cc: addressArray,
  bcc: addressArray,
  message: contactMessage.refine(hasRichText, CONTACT_MSG.noMessage),
  isCanned: z.boolean(),
  /** Ours (issue 24 §3): add the retailer's link to the brand's open cases. */
  casesLink: z.boolean(),
});

// ── POST /contact_retailer/attachments: upload links for the form's images (ours, issue 22) ──

/** One image the form will attach: its name, its type and its size as the browser knows them. */
const attachmentToUpload = z.object({
  name: z.string({ error: 'Each file needs a name.' }).min(1, 'Each file needs a name.').max(255, 'A file name is at most 255 characters.'),
  type: z.string({ error: 'Each file needs a type.' }).max(100),
  size: z.number({ error: 'Each file needs a size.' }).int().min(1, 'An empty file cannot be attached.'),
});

/** The images of one email, within CONTACT_LIMITS, before any is uploaded. */
export const contactUploadsBody = z
  .object({
    retailer_brand_scraping: z.string({ error: 'retailer_brand_scraping is required.' }).trim().min(1, 'retailer_brand_scraping is required.').pipe(id),
    files: z.array(attachmentToUpload, { error: 'files is required.' }).min(1, 'files is required.'),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['files'], message });
    if (b.files.length > CONTACT_LIMITS.maxFiles) return issue(CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles));
    const mb = (n: number) => n / 1024 / 1024;
    for (const f of b.files) {
      if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return issue(CONTACT_MSG.notAnImage(f.name.slice(0, 100)));
      if (f.size > CONTACT_LIMITS.maxFileBytes) return issue(CONTACT_MSG.fileTooLarge(f.name.slice(0, 100), mb(CONTACT_LIMITS.maxFileBytes)));
    }
    if (b.files.reduce((n, f) => n + f.size, 0) > CONTACT_LIMITS.maxTotalBytes) issue(CONTACT_MSG.filesTooLarge(mb(CONTACT_LIMITS.maxTotalBytes)));
  });
export type ContactUploadsBody = z.output<typeof contactUploadsBody>;

/**
 * One upload link per file, in the order asked: a form POST of `fields` then the file (field
 * `file`) to `url`, within `expiresAt`; `key` is what the email's `attachment[]` names.
 */
export const contactUploadsResponse = z.object({
  data: z.array(z.object({ key: z.string(), name: z.string(), url: z.string(), fields: z.record(z.string(), z.string()) })),
  expiresAt: z.string(),
});

export const contactRetailerResponse = z.object({ message: z.string(), data: z.object({ _id: z.string(), messageId: z.string().nullable() }) });
