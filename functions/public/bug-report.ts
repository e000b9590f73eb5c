/**
 * POST /contact_us (000 §2, §3, §5, §7; docs/decisions.md "Bug report"): the footer's bug report.
 * Public (a visitor signed out can report a problem); a valid bearer token, when sent, is recorded
 * with the report (an invalid one is ignored, the report still goes in). Files: at most
 * BUG_REPORT_LIMITS.maxFiles, each and all within the size limits, images or PDF recognised by
 * their first bytes (never by name or claimed type). Limited per address and per email; stored
 * (files in S3 under bug-reports/<id>/, the record in the table) and emailed to the support inbox
 * with the files attached, once per request id.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PUBLIC_MSG } from '../../shared/messages/public';
import { BUG_REPORT_LIMITS, type BugReportFileType, type ContactUsBody, type UploadedFile } from '../../shared/schemas/public';
import { sourceIp } from '../auth';
import { imageTypeOf } from '../contact';
import { s3 } from '../lib/clients/s3';
import { sendRawEmail } from '../lib/email';
import { bugReportEmail } from '../lib/email/public';
import { env } from '../lib/env';
import { authenticate } from '../http';
import type { AuthContext } from '../lib/http/auth';
import { PayloadTooLargeError, ValidationError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { inboxOf, limitForm, submitOnce } from './forms';
import { fingerprintOf, submissionId } from './submissions.repo';

/** The type of these bytes, or undefined when they are not an accepted image or a PDF. */
export function bugReportTypeOf(b: Uint8Array): BugReportFileType | undefined {
  const image = imageTypeOf(b);
  if (image) return image;
  if (b.length >= 5 && Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

const EXTENSION: Record<BugReportFileType, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp', 'application/pdf': '.pdf' };

/** A file name safe for a MIME header and an S3 key: no path, no control or special characters, at most 100 characters, the detected type's extension. */
export function safeName(name: string, type: BugReportFileType): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => /[\p{L}\p{N} ._()-]/u.test(c))
    .join('')
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 90) || 'file';
  return stem + EXTENSION[type];
}

export interface CheckedFile {
  filename: string;
  contentType: BugReportFileType;
  content: Buffer;
}

const mb = (n: number) => n / 1024 / 1024;
const refuse = (message: string, tooLarge = false): never => {
  if (tooLarge) throw new PayloadTooLargeError(message);
  throw new ValidationError(message, [{ path: 'file', message }]);
};

/** Every file within the limits and of an accepted type, or a 400/413 naming the first one that is not. */
export function checkBugReportFiles(files: readonly UploadedFile[]): CheckedFile[] {
  const L = BUG_REPORT_LIMITS;
  if (files.length > L.maxFiles) refuse(PUBLIC_MSG.tooManyFiles(L.maxFiles));
  let total = 0;
  const used = new Set<string>();
  return files.map((f, i) => {
    const shown = (f.filename || 'file').replace(/[\r\n]/g, ' ').slice(0, 100);
    if (f.truncated || f.content.length > L.maxFileBytes) refuse(PUBLIC_MSG.fileTooLarge(shown, mb(L.maxFileBytes)), true);
    total += f.content.length;
    if (total > L.maxTotalBytes) refuse(PUBLIC_MSG.filesTooLarge(mb(L.maxTotalBytes)), true);
    const type = bugReportTypeOf(f.content);
    if (!type) return refuse(PUBLIC_MSG.fileType(shown));
    let filename = safeName(f.filename, type);
    if (used.has(filename.toLowerCase())) filename = `${i + 1}-${filename}`;
    used.add(filename.toLowerCase());
    return { filename, contentType: type, content: Buffer.from(f.content.buffer, f.content.byteOffset, f.content.length) };
  });
}

/** The signed-in caller when a valid token came with the request; anyone else is a visitor. */
async function optionalCaller(event: APIGatewayProxyEventV2): Promise<AuthContext | undefined> {
  if (!event.headers?.authorization) return undefined;
  try {
    const auth = await authenticate(event.headers);
    return auth.portal ? undefined : auth;
  } catch {
    return undefined;
  }
}

export async function submitBugReport(event: APIGatewayProxyEventV2, body: ContactUsBody) {
  const { requestId, files: uploaded, ...fields } = body;
  const files = checkBugReportFiles(uploaded);
  const caller = await optionalCaller(event);
  const id = submissionId(requestId);
  const createdAt = new Date().toISOString();
  const ip = sourceIp(event);
  const keys = files.map((f, i) => `bug-reports/${id}/${i + 1}-${f.filename}`);
  const result = await submitOnce(
    'BUGREPORT',
    {
      _id: id,
      fingerprint: fingerprintOf(fields.name, fields.email, fields.phone, fields.message, ...files.map((f) => `${f.filename}:${f.content.length}`)),
      createdAt,
      ...fields,
      files: files.map((f, i) => ({ name: f.filename, type: f.contentType, size: f.content.length, key: keys[i] })),
      ...(caller ? { reporter: caller.sub, brand: caller.brand } : {}),
    },
    {
      before: async () => {
        await limitForm('BUGREPORT', ip, fields.email);
        await Promise.all(files.map((f, i) => s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: keys[i], Body: f.content, ContentType: f.contentType }))));
      },
      send: async () =>
        (await sendRawEmail({
          to: [inboxOf('BUGREPORT')],
          replyTo: [fields.email],
          ...bugReportEmail(fields, { id, createdAt, reporter: caller?.sub, files: files.map((f) => f.filename) }),
          attachments: files,
        })) ?? null,
    },
  );
  logger.info('bug report', { id: result.id, retry: result.retry, files: files.length, signedIn: Boolean(caller) });
  return { message: PUBLIC_MSG.bugReportSent, data: { _id: result.id } };
}
