/**
 * What an uploaded contacts file is, by its bytes (never its name or claimed type), and the zip
 * bomb check of an xlsx before anything is inflated (docs/decisions.md "Contacts import and
 * export"). Pure (zlib only).
 *
 * An xlsx is accepted only if its zip's central directory is plain (no ZIP64, no encryption,
 * stored or deflated entries), its declared inflated sizes add up to at most the limit, the
 * entries lie end to end from byte 0 to the central directory (no hidden local entries that a
 * streaming reader would meet but the directory does not list), and each entry really inflates
 * to no more than it declares (checked by inflating with an output cap, one entry at a time, so
 * a lying entry stops at its declared size).
 */
import { inflateRawSync } from 'node:zlib';
import { CONTACTS_IO_LIMITS, type ContactsIoLimits } from '../../../shared/schemas/contacts-import';

export type DetectedType = 'csv' | 'xlsx';

export class FileCheckError extends Error {
  constructor(
    message: string,
    readonly kind: 'type' | 'size' | 'zip',
  ) {
    super(message);
  }
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/** Text a CSV may be: valid UTF-8 (a BOM allowed), no NUL nor other control bytes than tab, CR, LF. */
function isText(b: Uint8Array): boolean {
  const sample = b.subarray(0, 64 * 1024);
  for (const c of sample) if (c < 32 && c !== 9 && c !== 10 && c !== 13) return false;
  try {
    // A sample cut inside a multi-byte character is not an error: decode with stream semantics.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < b.length });
    return true;
  } catch {
    return false;
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory's entries, checked against the limits; throws FileCheckError. */
export function zipEntries(b: Buffer, limits: ContactsIoLimits = CONTACTS_IO_LIMITS): ZipEntry[] {
  const bad = () => new FileCheckError('badXlsx', 'type');
  // The end record is in the last 22 + 65535 bytes (its comment is at most 65535).
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (b.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw bad();
  const count = b.readUInt16LE(end + 10);
  const cdSize = b.readUInt32LE(end + 12);
  const cdOffset = b.readUInt32LE(end + 16);
  if (b.readUInt16LE(end + 4) !== 0 || b.readUInt16LE(end + 8) !== count) throw bad(); // multi-disk
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new FileCheckError('zipTooLarge', 'zip'); // ZIP64
  if (count > limits.maxZipEntries) throw new FileCheckError('zipTooLarge', 'zip');
  if (cdOffset + cdSize > end) throw bad();
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || b.readUInt32LE(p) !== ZIP_CENTRAL) throw bad();
    const flags = b.readUInt16LE(p + 8);
    const method = b.readUInt16LE(p + 10);
    const compressedSize = b.readUInt32LE(p + 20);
    const size = b.readUInt32LE(p + 24);
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    const localOffset = b.readUInt32LE(p + 42);
    const name = b.toString('utf8', p + 46, p + 46 + nameLen);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw new FileCheckError('zipTooLarge', 'zip');
    if (flags & 1) throw bad(); // encrypted
    if (method !== 0 && method !== 8) throw bad();
    total += size;
    if (total > limits.maxUncompressedBytes) throw new FileCheckError('zipTooLarge', 'zip');
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  // End to end: each entry's local header, name, extra, data (and data descriptor) up to the next one.
  const sorted = [...entries].sort((a, c) => a.localOffset - c.localOffset);
  let at = 0;
  for (const e of sorted) {
    if (e.localOffset !== at || e.localOffset + 30 > cdOffset || b.readUInt32LE(e.localOffset) !== ZIP_LOCAL) throw bad();
    const localName = b.toString('utf8', e.localOffset + 30, e.localOffset + 30 + b.readUInt16LE(e.localOffset + 26));
    if (localName !== e.name) throw bad();
    const dataStart = e.localOffset + 30 + b.readUInt16LE(e.localOffset + 26) + b.readUInt16LE(e.localOffset + 28);
    at = dataStart + e.compressedSize;
    if (e.flags & 8) {
      // Data descriptor: 12 or 16 bytes (with its optional signature).
      at += at + 4 <= cdOffset && b.readUInt32LE(at) === 0x08074b50 ? 16 : 12;
    }
    if (at > cdOffset) throw bad();
    // The real inflated size, capped at the declared one (a lying entry stops there).
    const data = b.subarray(dataStart, dataStart + e.compressedSize);
    if (e.method === 0) {
      if (e.compressedSize !== e.size) throw bad();
    } else {
      let out: Buffer;
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new FileCheckError('zipTooLarge', 'zip');
        throw bad();
      }
      if (out.length !== e.size) throw bad();
    }
  }
  if (at !== cdOffset) throw bad();
  return entries;
}

/** csv or xlsx by the bytes; a renamed program, a PDF, an old .xls or an image: refused. */
export function detectType(content: Uint8Array, limits: ContactsIoLimits = CONTACTS_IO_LIMITS): DetectedType {
  if (content.length > limits.maxFileBytes) throw new FileCheckError('fileTooLarge', 'size');
  if (content.length === 0) throw new FileCheckError('noHeaders', 'type');
  const b = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (b.length >= 4 && b.readUInt32LE(0) === ZIP_LOCAL) {
    const names = new Set(zipEntries(b, limits).map((e) => e.name));
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new FileCheckError('fileType', 'type');
    return 'xlsx';
  }
  if (isText(b)) return 'csv';
  throw new FileCheckError('fileType', 'type');
}
