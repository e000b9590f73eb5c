/**
 * The public forms (000 §2, §3, §5, §7): the demo request of /home (POST /scheduledemos), its
 * captcha (GET /captcha, ours: docs/decisions.md "Captcha") and the footer's bug report
 * (POST /contact_us). The same schemas drive the forms and the handlers.
 */
import * as z from 'zod';
import { PUBLIC_MSG as M } from '../messages/public';
import { fileList } from './common';

export type { UploadedFile } from './common';

const EMAIL_RE = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;
const noLineBreaks = (s: string) => !/[\r\n\u2028\u2029\0]/.test(s);

/** A required text of min..max characters after trimming, with the demo form's messages ('Required', 'Too Short!', 'Too Long!'). */
const text = (min: number, max: number) =>
  z
    .string({ error: M.required })
    .refine(noLineBreaks, M.headerInjection)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, M.required).min(min, M.tooShort).max(max, M.tooLong));

const email = z
  .string({ error: M.required })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, M.required).max(254, M.invalidEmail).regex(EMAIL_RE, M.invalidEmail));

/** A client's id of one submission: a retry with the same id stores and sends once. */
const requestId = z.string({ error: M.requestIdRequired }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8 to 64 letters, digits, - or _.');

/** 000 §5 demo form: website at least 4 characters ('Please enter valid URL'), a host name with a dot, http(s) if a scheme is given. */
const website = z
  .string({ error: M.required })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, M.required)
      .min(4, M.invalidUrl)
      .max(200, M.tooLong)
      .regex(/^(https?:\/\/)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i, M.invalidUrl),
  );

/** What the visitor fills in (000 §3 Demo request, §5 demo form). */
export const demoRequestFields = z.object({
  firstName: text(2, 50),
  lastName: text(2, 50),
  email,
  website,
  companyName: text(2, 50),
  phoneNumber: z
    .string({ error: M.required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, M.required).max(10, M.tooLong).regex(/^[0-9+()\-. ]*$/, 'Please enter a valid phone number')),
  message: z.string().max(2000, M.tooLong).optional().default(''),
});

/** The captcha part of a request: the local challenge's token and answer, or a reCAPTCHA response in `recaptcha` (000 §3). */
export const captchaFields = z.object({
  recaptcha: z.string({ error: M.captchaRequired }).trim().min(1, M.captchaRequired).max(4000, M.captchaRequired),
  captchaToken: z.string().trim().max(400).optional(),
});

/** POST /scheduledemos */
export const scheduleDemoBody = demoRequestFields.extend(captchaFields.shape).extend({ requestId });
export type ScheduleDemoBody = z.output<typeof scheduleDemoBody>;
export type DemoRequestInput = z.input<typeof demoRequestFields>;

/** GET /captcha: what the form shows. Local: a question to answer (its token is signed by the API); reCAPTCHA: the site key for Google's widget. */
export const captchaResponse = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local'), token: z.string(), question: z.string(), expiresAt: z.string() }),
  z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type CaptchaChallenge = z.output<typeof captchaResponse>;

export const messageAnswer = z.object({ message: z.string() });

// ── POST /contact_us (multipart) ────────────────────────────────────────────────────────────

/** Limits of one bug report: what the form checks and the server enforces. */
export const BUG_REPORT_LIMITS = {
  maxFiles: 5,
  /**
   * A Lambda behind API Gateway takes a request of at most 6 MB, base64-encoded: about 4.4 MB of
   * files. 4 MB in all keeps every report under it, and its email (attachments base64, ~5.5 MB)
   * far under SES's 40 MB, so the files are always attached (docs/decisions.md "Bug report").
   */
  maxFileBytes: 4 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024,
  maxMessage: 5000,
  maxPhone: 20,
} as const;
/** The file types a bug report accepts, recognised by their first bytes. */
export const BUG_REPORT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type BugReportFileType = (typeof BUG_REPORT_TYPES)[number];

/** 000 §5 bug report: name, email, message required; phone optional; several files. */
export const bugReportFields = z.object({
  name: z
    .string({ error: M.nameRequired })
    .refine(noLineBreaks, M.headerInjection)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, M.nameRequired).max(100, M.tooLong)),
  email: z
    .string({ error: M.emailRequired })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, M.emailRequired).max(254, M.invalidEmail).regex(EMAIL_RE, M.invalidEmail)),
  phone: z
    .string()
    .refine(noLineBreaks, M.headerInjection)
    .transform((s) => s.trim())
    .pipe(z.string().max(BUG_REPORT_LIMITS.maxPhone, M.tooLong))
    .optional()
    .default(''),
  message: z
    .string({ error: M.messageRequired })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, M.messageRequired).max(BUG_REPORT_LIMITS.maxMessage, M.tooLong)),
});
export type BugReportInput = z.input<typeof bugReportFields>;

export const contactUsBody = bugReportFields
  .extend({ requestId, file: fileList, 'file[]': fileList })
  .transform(({ file, 'file[]': files, ...rest }) => ({ ...rest, files: [...file, ...files] }));
export type ContactUsBody = z.output<typeof contactUsBody>;

/** POST /contact_us answer: the toast and the report's id. */
export const bugReportResponse = z.object({ message: z.string(), data: z.object({ _id: z.string() }) });
