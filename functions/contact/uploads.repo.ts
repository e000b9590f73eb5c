/**
 * The contact form's images in the data bucket (issue 22; docs/decisions.md "Contact retailer"):
 * upload links are presigned POSTs whose policy holds the exact key, the declared type and a size
 * of at most the declared one (S3 refuses anything else), under
 * `uploads/contact/<brand>/<user>/<random>/<file name>`: only the user who asked may name them in an
 * email of that brand. The send reads them back (the stored size checked from each GET's headers
 * before its body is read), then
 * deletes them; a lifecycle rule removes any left behind after a day (infra/constructs/storage.ts).
 */
import { randomUUID } from 'node:crypto';
import { DeleteObjectsCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { CONTACT_MSG } from '../../shared/messages/contact';
import { CONTACT_LIMITS, type ImageType } from '../../shared/schemas/contact';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { faultShort } from '../lib/faults';
import { safeFileName } from './domain/attachments';

/** infra/table-schema.ts DATA_PREFIX.contactUploads (its lifecycle rule deletes what is left after a day). */
const UPLOADS_PREFIX = 'uploads/contact/';
/** Where one user's uploads for one brand go. */
export const uploadPrefix = (brand: string, user: string) => `${UPLOADS_PREFIX}${brand}/${user}/`;

export interface UploadLink {
  key: string;
  name: string;
  url: string;
  fields: Record<string, string>;
}

/** One upload link per file: the key fixed, the type fixed, at most the declared size. */
export async function createUploadLinks(brand: string, user: string, files: readonly { name: string; type: ImageType; size: number }[], now = new Date()): Promise<{ links: UploadLink[]; expiresAt: string }> {
  const expires = CONTACT_LIMITS.uploadLinkSeconds;
  const links = await Promise.all(
    files.map(async (f) => {
      const name = safeFileName(f.name, f.type);
      const key = `${uploadPrefix(brand, user)}${randomUUID()}/${name}`;
      const { url, fields } = await createPresignedPost(s3, {
        Bucket: env.dataBucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, Math.min(f.size, CONTACT_LIMITS.maxFileBytes)],
          ['eq', '$Content-Type', f.type],
        ],
        Fields: { 'Content-Type': f.type },
        Expires: expires,
      });
      return { key, name, url, fields };
    }),
  );
  return { links, expiresAt: new Date(now.getTime() + expires * 1000).toISOString() };
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const UPLOAD_KEY = /^[0-9a-f-]{36}\/([^/]{1,100})$/;

/** The name an upload key carries (its last segment), or undefined for a key that is not one of `prefix`'s uploads. */
export function uploadNameOf(key: string, prefix: string): string | undefined {
  if (!key.startsWith(prefix)) return undefined;
  return UPLOAD_KEY.exec(key.slice(prefix.length))?.[1];
}

/**
 * The uploads an email names, read back in order: each one of `prefix`'s (the sender's, for this
 * brand), present, within the limits one by one and in all (checked on the stored sizes before
 * any byte is read); their bytes, for the attachment check.
 */
export async function readUploads(prefix: string, keys: readonly string[]): Promise<{ key: string; filename: string; content: Uint8Array }[]> {
  if (keys.length > CONTACT_LIMITS.maxFiles) throw new UploadError(CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles));
  const named = keys.map((key) => {
    const filename = uploadNameOf(key, prefix);
    if (!filename) throw new UploadError(CONTACT_MSG.attachmentNotYours);
    return { key, filename };
  });
  const mb = (n: number) => n / 1024 / 1024;
  // One GET each: its headers give the stored size before any byte of the body is read.
  const settled = await Promise.allSettled(named.map(async ({ key, filename }) => ({ key, filename, got: await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: key })) })));
  const opened = settled.flatMap((r) => (r.status === 'fulfilled' ? [{ ...r.value, size: r.value.got.ContentLength ?? 0 }] : []));
  const close = () => {
    for (const o of opened) (o.got.Body as { destroy?: () => void } | undefined)?.destroy?.();
  };
  const failed = settled.findIndex((r) => r.status === 'rejected');
  if (failed >= 0) {
    close();
    const e = (settled[failed] as PromiseRejectedResult).reason as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) throw new UploadError(CONTACT_MSG.attachmentMissing(named[failed]!.filename));
    throw e;
  }
  const refuse = (error: UploadError): never => {
    close();
    throw error;
  };
  for (const o of opened) if (o.size > CONTACT_LIMITS.maxFileBytes) refuse(new UploadError(CONTACT_MSG.fileTooLarge(o.filename, mb(CONTACT_LIMITS.maxFileBytes)), true));
  if (opened.reduce((n, o) => n + o.size, 0) > CONTACT_LIMITS.maxTotalBytes) refuse(new UploadError(CONTACT_MSG.filesTooLarge(mb(CONTACT_LIMITS.maxTotalBytes)), true));
  return Promise.all(
    opened.map(async ({ key, filename, got, size }) => {
      let content = faultShort('upload-read', key, await got.Body!.transformToByteArray());
      // A body shorter than S3 said (a connection cut early) is read again once; short again, the send fails (500, nothing sent) rather than attach part of the file.
      if (content.length !== size) content = faultShort('upload-read', key, await (await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: key }))).Body!.transformToByteArray());
      if (content.length !== size) throw new Error(`The attachment ${filename} was read ${content.length} of its ${size} bytes.`);
      if (content.length > CONTACT_LIMITS.maxFileBytes) throw new UploadError(CONTACT_MSG.fileTooLarge(filename, mb(CONTACT_LIMITS.maxFileBytes)), true);
      return { key, filename, content };
    }),
  );
}

/** Removes uploads once their email is sent (what fails to go is removed by the lifecycle rule). */
export async function deleteUploads(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await s3.send(new DeleteObjectsCommand({ Bucket: env.dataBucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}
