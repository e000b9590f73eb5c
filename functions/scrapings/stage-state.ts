/**
 * What one StageFile invocation hands the next (issue 7 §2), saved once per invocation in the
 * data bucket so the next one starts staging at once instead of rebuilding it: the carrying
 * brands, each brand's period items and the user fields to carry (read from DynamoDB once, by
 * the first invocation), and the previous side's products not matched yet (the index's bytes:
 * 64 bits of brand + style's MD5 -> chunk and fingerprint, 16 bytes a product, base64 in lines of
 * 20,000). One JSON line a user-field entry, read back a line at a time:
 *
 *   files/<fileId>/stage/<stagedAt>-<next>.ndjson
 *
 * Keyed by where staging resumes, so a retried invocation (same progress) reads the state it was
 * given even when it had saved a later one before failing. The last invocation deletes them all.
 * While the first invocations are still reading the user fields to carry (a page at a time, as
 * many as fit in an invocation's budget), their states are `setup-<n>`: the header and the user
 * fields read so far, no previous products yet.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { hangUpFault } from '../lib/faults';
import type { CarryingBrand } from './domain/brand-split';
import { type BrandCounts, CarriedFields, PeriodStager } from './domain/period-stage';
import type { UserFields } from './domain/product';
import type { RetailerBrandScraping } from './scrapings.repo';

/** One brand's period as staging finds it: the period item (if any), the previous period, the user fields to carry. */
export interface BrandPeriod {
  brand: string;
  periodId: string;
  at: { periodId: string; brand: string; retailer: string; date: string };
  existing?: RetailerBrandScraping;
  previous?: RetailerBrandScraping;
  carried: CarriedFields;
}

export interface StageState {
  brands: CarryingBrand[];
  periods: BrandPeriod[];
  stager: PeriodStager;
}

interface Header {
  brands: CarryingBrand[];
  periods: Omit<BrandPeriod, 'carried'>[];
  /** Previous products not matched yet (sizes the index once); absent in a state saved before. */
  unmatched?: number;
}

/**
 * Lines: the header, then [3, base64 of index bytes] per 20,000 unmatched previous products,
 * [1 | 2, brand index, style, fields] per carried entry flagged or edited (1: the previous
 * period's, 2: the period's own), [4, brand index, 'p' | 'e', 'i' | 't', base64] per part of the
 * carried OH map ids (`OhMapIds`). A state saved before the index was bytes has [0, brand index,
 * style, packed] per unmatched previous product instead, and one saved before the OH map ids were
 * held off the heap has them as [1 | 2, ...] lines (both still read).
 */
type Line = [0, number, string, number] | [1 | 2, number, string, UserFields] | [3, string] | [4, number, 'p' | 'e', 'i' | 't', string];

/** A state is keyed by the chunk staging resumes at, or `setup-<n>` for the n-th state saved while the user fields to carry are read. */
export type StateAt = number | `setup-${number}`;

const stateKey = (fileId: string, stagedAt: string, next: StateAt) => `files/${fileId}/stage/${stagedAt.replace(/[^0-9A-Za-z]/g, '')}-${next}.ndjson`;

/** Lines joined into one part of the body at a time. */
const PART_LINES = 20_000;

/**
 * Bytes of one upload of a state: a state up to this size is one PUT, a larger one a multipart
 * upload of parts this size (S3's minimum is 5 MiB but for the last part).
 */
export const STATE_PART_BYTES = 8 * 1024 * 1024;
/** Parts of a multipart upload sent at once. */
const PARTS_IN_FLIGHT = 2;

/**
 * Save the state for the invocation that resumes at `next`. Every request's body is a Buffer,
 * which the SDK can send again: a dropped connection ('socket hang up') or a 5xx costs a retry of
 * that request (the SDK's, up to 3 tries), not the invocation. A state over `STATE_PART_BYTES` is
 * a multipart upload whose parts retry one by one; only a part is copied at a time (a few MB), never
 * the whole state. `subject` names the file for fault injection (functions/lib/faults.ts).
 */
export async function saveStageState(fileId: string, stagedAt: string, next: StateAt, state: StageState, subject = ''): Promise<void> {
  const brandIndex = new Map(state.brands.map((b, i) => [b._id, i]));
  const header: Header = { brands: state.brands, periods: state.periods.map(({ carried, ...p }) => (void carried, p)), unmatched: state.stager.unmatchedCount };
  const parts: Buffer[] = [Buffer.from(JSON.stringify(header) + '\n')];
  let lines: string[] = [];
  const push = (line: Line) => {
    lines.push(JSON.stringify(line));
    if (lines.length === PART_LINES) {
      parts.push(Buffer.from(lines.join('\n') + '\n'));
      lines = [];
    }
  };
  for (const bytes of state.stager.unmatchedPrevious()) parts.push(Buffer.from(JSON.stringify([3, bytes.toString('base64')] satisfies Line) + '\n'));
  state.periods.forEach((p) => {
    const b = brandIndex.get(p.brand)!;
    for (const entry of p.carried.entries()) {
      if (typeof entry[2] === 'string') push([4, b, entry[0], entry[1] as 'i' | 't', entry[2]]);
      else push([entry[0] === 'p' ? 1 : 2, b, entry[1], entry[2]]);
    }
  });
  if (lines.length) parts.push(Buffer.from(lines.join('\n') + '\n'));
  await putInParts(stateKey(fileId, stagedAt, next), parts, subject);
}

/** The body made of `parts` (in order), at `key`: one PutObject, or a multipart upload of `STATE_PART_BYTES` parts. */
async function putInParts(key: string, parts: readonly Buffer[], subject: string): Promise<void> {
  const Bucket = env.dataBucket;
  const bodies = groupParts(parts, STATE_PART_BYTES);
  if (bodies.length <= 1) {
    const Body = bodies[0]?.() ?? Buffer.alloc(0);
    await s3.send(hangUpFault(new PutObjectCommand({ Bucket, Key: key, Body, ContentType: 'application/x-ndjson' }), 'stage-state-upload', subject));
    return;
  }
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: 'application/x-ndjson' }));
  try {
    const done: { ETag: string; PartNumber: number }[] = [];
    let taken = 0;
    const worker = async () => {
      while (taken < bodies.length) {
        const PartNumber = ++taken;
        // Made when sent: a part's copy of the parts lives only while it is under way.
        const Body = bodies[PartNumber - 1]!();
        const out = await s3.send(hangUpFault(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body }), 'stage-state-upload', subject));
        done.push({ ETag: out.ETag!, PartNumber });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARTS_IN_FLIGHT, bodies.length) }, worker));
    done.sort((a, b) => a.PartNumber - b.PartNumber);
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }));
  } catch (e) {
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
    throw e;
  }
}

/**
 * `parts` cut into consecutive bodies of `size` bytes (the last one shorter), each made on call.
 * Pure; exported for its test.
 */
export function groupParts(parts: readonly Buffer[], size: number): (() => Buffer)[] {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const bodies: (() => Buffer)[] = [];
  for (let start = 0; start < total; start += size) {
    const end = Math.min(start + size, total);
    bodies.push(() => slice(parts, start, end));
  }
  return bodies;
}

/** Bytes [start, end) of the parts laid end to end, as one Buffer. */
function slice(parts: readonly Buffer[], start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  let at = 0;
  let offset = 0;
  for (const p of parts) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, p.length);
    if (from < to) {
      p.copy(out, at, from, to);
      at += to - from;
    }
    offset += p.length;
    if (offset >= end) break;
  }
  return out;
}

/** The state saved by `saveStageState` for resuming at `next`, with the counts so far (from the progress). */
export async function loadStageState(fileId: string, stagedAt: string, next: StateAt, comparing: boolean, counts: Readonly<Record<string, BrandCounts>>): Promise<StageState> {
  const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: stateKey(fileId, stagedAt, next) }));
  const lines = createInterface({ input: out.Body as Readable, crlfDelay: Infinity });
  let state: StageState | undefined;
  for await (const text of lines) {
    if (!state) {
      const header = JSON.parse(text) as Header;
      state = {
        brands: header.brands,
        periods: header.periods.map((p) => ({ ...p, carried: new CarriedFields() })),
        stager: new PeriodStager(header.brands, comparing, counts, true, header.unmatched),
      };
      continue;
    }
    const line = JSON.parse(text) as Line;
    if (line[0] === 3) {
      state.stager.restoreUnmatched(Buffer.from(line[1], 'base64'));
      continue;
    }
    if (line[0] === 4) {
      state.periods[line[1]]!.carried.restoreOh(line[2], line[3], line[4]);
      continue;
    }
    const brand = state.brands[line[1]]!._id;
    if (line[0] === 0) state.stager.restorePrevious(brand, line[2], line[3]);
    else state.periods[line[1]]!.carried.restore(line[0] === 1 ? 'p' : 'e', line[2], line[3]);
  }
  if (!state) throw new Error(`The staging state of ${fileId} at chunk ${next} is empty.`);
  return state;
}

/**
 * Delete every staging state of the file (best effort: they are invisible to everyone), of any
 * staging time: a first invocation retried after its answer was lost starts with a staging time
 * of its own, and the state its first try saved is never read.
 */
export async function deleteStageStates(fileId: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: env.dataBucket, Prefix: `files/${fileId}/stage/`, ContinuationToken: token }));
    await Promise.allSettled((page.Contents ?? []).map((c) => s3.send(new DeleteObjectCommand({ Bucket: env.dataBucket, Key: c.Key! }))));
    token = page.NextContinuationToken;
  } while (token);
}
