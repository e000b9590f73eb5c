/**
 * Attachments of the contact form: images only, recognised by their first bytes (magic numbers),
 * never by the name or the type the client claims; size limits per file and in all. A ".png"
 * that is HTML or SVG is refused. The type sent with the email is the one detected.
 */
import { CONTACT_LIMITS, type ImageType, type UploadedFile } from '../../../shared/schemas/contact';
import { CONTACT_MSG } from '../../../shared/messages/contact';

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of these bytes, or undefined when they are not a PNG, JPEG, GIF or WebP image. */
export function imageTypeOf(b: Uint8Array): ImageType | undefined {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

const EXTENSION: Record<ImageType, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp' };

/** A file name safe for a MIME header: no path, no control characters or quotes, at most 100 characters, the detected type's extension. */
export function safeFileName(name: string, type: ImageType): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>:|?*\u2028\u2029'.includes(c))
    .join('')
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 90) || 'image';
  const ext = /\.(jpe?g)$/i.test(base) && type === 'image/jpeg' ? base.slice(base.lastIndexOf('.')).toLowerCase() : EXTENSION[type];
  return stem + ext;
}

export interface CheckedAttachment {
  filename: string;
  contentType: ImageType;
  content: Buffer;
}

export class AttachmentError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** Every file an image within the limits, or an AttachmentError naming the first one that is not. */
export function checkAttachments(files: readonly UploadedFile[]): CheckedAttachment[] {
  if (files.length > CONTACT_LIMITS.maxFiles) throw new AttachmentError(CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles));
  const mb = (n: number) => n / 1024 / 1024;
  let total = 0;
  return files.map((f) => {
    const shown = (f.filename || 'file').slice(0, 100);
    if (f.truncated || f.content.length > CONTACT_LIMITS.maxFileBytes) throw new AttachmentError(CONTACT_MSG.fileTooLarge(shown, mb(CONTACT_LIMITS.maxFileBytes)), true);
    total += f.content.length;
    if (total > CONTACT_LIMITS.maxTotalBytes) throw new AttachmentError(CONTACT_MSG.filesTooLarge(mb(CONTACT_LIMITS.maxTotalBytes)), true);
    const type = imageTypeOf(f.content);
    if (!type) throw new AttachmentError(CONTACT_MSG.notAnImage(shown));
    return { filename: safeFileName(f.filename, type), contentType: type, content: Buffer.from(f.content.buffer, f.content.byteOffset, f.content.length) };
  });
}
