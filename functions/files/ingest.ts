/**
 * The ingest Lambda: an S3 object-created event for `incoming/` (a scraper's drop) becomes a
 * File record in the post office, compared with the previous file of the same retailer and robot
 * type, flagged by the thresholds, and either queued for review (notification + alert email) or
 * sent through the approval workflow on its own. The File record is written last and only once
 * (its id derives from the object's key and ETag), so a repeated event or a crash half-way never
 * leaves two records or a half-written one. The steps after the record (alert, or claiming and
 * starting the approval) are marked on it as they are done (`steps`): a repeated event finishes
 * the ones left, each at most once.
 */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { s3 } from '../lib/clients/s3';
import { pipelineNowIso } from '../lib/clock';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { faultPoint } from '../lib/faults';
import { resolveFailure, s3Subject } from '../operations';
import { ingestOhFeed, type IngestOhResult } from '../inventory';
import { ingestCatalog, onCatalogApplied } from '../catalog';
import { recheckBrand } from '../content';
import { getRetailerBySlug } from '../retailers';
import { EmptyCellCounter, recordRobotFile } from '../robot-health';
import { getSettings } from '../settings';
import type { CurrentRowDiff } from './domain/diff';
import { createDigestDiff, DigestRecorder, markPreviousPage, pageRowReader, PreviousFileDigest } from './domain/digest-diff';
import { decideFlag, normalizeThresholdSettings, planAssessment } from './domain/flag';
import { parseRobotFileRows, RobotFileError, type ParseStats } from './domain/parse';
import { normalizeRobotType } from './domain/robot-types';
import { alertReview } from './alerts';
import { claimAndStartApproval } from './approval-claim';
import { scanDateProblem } from './domain/scan-date';
import { createFileOnce, findPreviousFile, getFile, markIngestStep, type FileRecord, type IngestSteps } from './files.repo';
import { CHUNK_ROWS, digestSaver, isMissingObject, markCurrentRow, pageWriter, pagesPrefix, readAllChunkBytes, readAllRows, readChunkBytes, readDigestHeader, readDigestParts } from './pages';
import { record as recordMetric } from '../lib/metrics';

/** `incoming/<type>/<retailer-slug>/<YYYY-MM-DD>/<robot>.<csv|jsonl>` */
export const INCOMING_PATTERN = /^incoming\/([^/]+)\/([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+?)(\.[A-Za-z0-9]+)?$/;

/** S3 event keys are URL-encoded, spaces as '+'. */
export const decodeS3Key = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

export const fileIdFor = (key: string, etag: string) => 'f' + createHash('sha256').update(`${key}\n${etag}`).digest('base64url').slice(0, 21).replace(/-/g, 'x');

export interface IngestResult {
  key: string;
  fileId?: string;
  created: boolean;
  flag?: FileRecord['flag'];
  error?: string;
  /** Steps a repeated event completed (left undone by an earlier delivery). */
  resumed?: string[];
}

/**
 * The steps after the File record, each skipped when marked done: the robot's health item takes
 * the file (issue 25); then a file needing review gets its notification and alert email; another
 * file is claimed and its approval started. A record of
 * before `steps` existed has nothing to resume.
 */
export async function completeSteps(file: FileRecord): Promise<string[]> {
  if (!file.steps) return [];
  const done: string[] = [];
  if (file.health && !file.steps.robotHealth) {
    // The robot's health (issue 25) takes the file first: its alert is the daily check's.
    faultPoint('robot-health', file.fileName);
    await recordRobotFile(file);
    await markIngestStep(file._id, 'robotHealth', true);
    done.push('robotHealth');
  }
  return [...done, ...(await reviewOrApprove(file, file.steps))];
}

async function reviewOrApprove(file: FileRecord, steps: IngestSteps): Promise<string[]> {
  if (file.flag === 'require_review') {
    if (steps.notified && steps.alertEmail) return [];
    await alertReview(file);
    return ['alert'];
  }
  if (steps.approvalStarted || file.approvedStatus !== 'pending') return [];
  faultPoint('start-approval', file.fileName);
  // A claim lost to a running approval (an earlier delivery's) or to Needs Attention is done too.
  await claimAndStartApproval(file._id);
  await markIngestStep(file._id, 'approvalStarted', true);
  return ['approval'];
}

type UnreadableFields = Pick<FileRecord, 'date' | 'name' | 'retailer' | 'retailerName' | 'type' | 'robot'>;

/** A File record no one can approve (`error` set), then its alert; once per object, resumable. */
async function fileUnreadable(base: ReturnType<typeof baseRecord>, problem: string, fields: UnreadableFields): Promise<IngestResult> {
  const rec: FileRecord = { ...base, ...fields, flag: 'require_review', error: problem, flagReasons: [problem] };
  const created = await createFileOnce(rec);
  if (created) {
    recordMetric('FilesIngested', 1, { flag: rec.flag });
    await completeSteps(rec);
  }
  return { key: rec.fileName, fileId: rec._id, created, flag: rec.flag, error: problem };
}

function baseRecord(fileId: string, key: string, etag: string, now: string) {
  return {
    _id: fileId,
    fileName: key,
    approvedStatus: 'pending' as const,
    sourceEtag: etag,
    createdAt: now,
    updatedAt: now,
    flagReasons: [] as string[],
    rowCount: 0,
    steps: {},
  };
}

/** The object's file id; `result` is set when it was filed before (what a repeated event completed). */
async function known(bucket: string, key: string): Promise<{ fileId: string; etag: string; result?: IngestResult }> {
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const etag = (head.ETag ?? '').replace(/"/g, '');
  const fileId = fileIdFor(key, etag);
  const file = await getFile(fileId);
  return { fileId, etag, result: file ? { key, fileId, created: false, flag: file.flag, resumed: await completeSteps(file) } : undefined };
}

/** An on-hand feed that cannot be any brand's (bad date, unknown slug) is filed as unreadable. */
async function fileUnreadableFeed(bucket: string, key: string, u: NonNullable<IngestOhResult['unreadable']>, kind: 'oh' | 'catalogue' = 'oh'): Promise<IngestResult> {
  const { fileId, etag, result } = await known(bucket, key);
  if (result) return result;
  const now = pipelineNowIso();
  return fileUnreadable(baseRecord(fileId, key, etag, now), u.problem, {
    date: u.date ?? now.slice(0, 10),
    name: u.slug,
    retailer: kind === 'oh' ? `oh:${u.slug}` : `catalog:${u.slug}`,
    retailerName: kind === 'oh' ? `On-hand feed ${u.slug}` : `Catalogue feed ${u.slug}`,
    type: 'product',
    robot: u.name.replace(/\.[A-Za-z0-9]+$/, ''),
  });
}

export async function ingestObject(bucket: string, key: string): Promise<IngestResult> {
  const m = INCOMING_PATTERN.exec(key);
  const { fileId, etag, result } = await known(bucket, key);
  if (result) return result;

  const now = pipelineNowIso();
  const base = baseRecord(fileId, key, etag, now);
  const type = m ? normalizeRobotType(m[1]!) : undefined;
  const retailer = m ? await getRetailerBySlug(m[2]!) : undefined;
  const badDate = m ? scanDateProblem(m[3]!) : undefined;
  const problem = !m
    ? `The file is not at incoming/<type>/<retailer-slug>/<YYYY-MM-DD>/<name>.csv: ${key}`
    : badDate
      ? badDate
      : !type
      ? `Unknown robot type "${m[1]}": use product, homepage or brand.`
      : !retailer
        ? `Unknown retailer slug "${m[2]}": add the retailer first or fix the folder name.`
        : undefined;
  if (problem || !m || !type || !retailer) {
    return fileUnreadable(base, problem ?? 'Unreadable file.', {
      // A folder date that is no scan date is not stored as one (the reason names it).
      date: m && !badDate ? m[3]! : now.slice(0, 10),
      name: m?.[2] ?? 'unknown',
      retailer: retailer?._id ?? m?.[2] ?? 'unknown',
      retailerName: retailer?.name ?? m?.[2] ?? 'unknown',
      type: type ?? 'product',
      robot: m?.[4] ?? key,
    });
  }

  const [, , slug, date, robot] = m as unknown as [string, string, string, string, string];
  const record: FileRecord = { ...base, date, name: slug, retailer: retailer._id, retailerName: retailer.name, type, robot, flag: 'require_review' };

  // The previous file of this retailer and type, held as keys and digests of the compared cells
  // (domain/digest-diff.ts), and the diff this robot's thresholds call for: the new file is then
  // read, compared and written a chunk at a time, never held whole, and neither is the previous
  // one (a changed row's old values are read back from its page, the previous side's marks
  // written as its pages are read again).
  const found = await findPreviousFile(retailer._id, type, date, now);
  const settings = normalizeThresholdSettings(await getSettings());
  const plan = planAssessment(settings, type, robot);
  const digest = found && found.currentPages !== undefined ? await previousDigest(found, found.currentPages, plan.diffOptions) : null;
  // A previous file whose pages the data bucket deleted (180 days: docs/decisions.md "Retention")
  // is no previous file: the new one is compared with nothing, as a retailer's first file is.
  const previous = found && (digest || found.currentPages === undefined) ? found : undefined;
  const previousChunkRows = previous?.pageSize ?? CHUNK_ROWS;
  // This file's own digest is recorded as it is read (each row hashed once for the diff and for
  // it) and saved beside its pages, for the next file's diff (domain/digest-diff.ts).
  const saver = digestSaver(fileId);
  const recorder = new DigestRecorder(plan.diffOptions, saver.onPart);
  const diff = digest && previous
    ? createDigestDiff(digest, pageRowReader((n) => readChunkBytes(previous._id, 'current', n), previousChunkRows), undefined, recorder)
    : null;

  // Parse (streaming), mark and write the current side as the rows come. Nothing points at these
  // pages until the File record is written, last. A bad file becomes a File record with the
  // parser's message and the pages written so far are deleted (a bad file fails the same way in
  // every delivery of the event). On any other error they stay, for the retry to overwrite: a
  // concurrent delivery of the same event may be writing the same pages and succeed.
  const currentSide = pageWriter(fileId, 'current');
  const empties = new EmptyCellCounter(type);
  let stats: ParseStats;
  try {
    const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const rows = parseRobotFileRows(obj.Body as Readable, { type, fileName: key });
    for await (const batch of rows) {
      for (const row of batch) {
        let marks: CurrentRowDiff | null = null;
        if (diff) marks = await diff.push(row);
        else recorder.add(row);
        empties.add(row);
        const full = currentSide.add(markCurrentRow(row, marks));
        if (full) await full;
      }
    }
    stats = rows.stats!;
  } catch (e) {
    if (!(e instanceof RobotFileError)) {
      await currentSide.stop();
      throw e;
    }
    await currentSide.discard();
    const rec: FileRecord = { ...record, error: e.message, flagReasons: [e.message], health: { columns: [], emptyShares: {}, errorCode: e.code } };
    const created = await createFileOnce(rec);
    if (created) await completeSteps(rec);
    return { key, fileId, created, flag: rec.flag, error: e.message };
  }
  const currentPages = await currentSide.close();
  if (!(await saver.finish(recorder.finish()))) logger.warn('digest not saved: the next file diffs against the pages', { fileId });

  const compared = diff ? diff.finish(stats.columns) : null;
  const assessment = decideFlag({ type, diff: compared?.summary ?? null, currentRowCount: stats.rowCount, thresholds: plan.thresholds.percents });
  let previousPages = 0;
  if (diff && previous) {
    // The previous file's rows are copied from its pages' bytes with their new marks (not parsed
    // and serialized again: domain/page-items.ts).
    const previousSide = pageWriter(fileId, 'previous');
    let position = 0;
    for await (const page of readAllChunkBytes(previous._id, 'current', previous.currentPages ?? 0)) {
      position += await markPreviousPage(page, position, diff, previousSide);
    }
    previousPages = await previousSide.close();
  }

  const s = compared?.summary;
  const rec: FileRecord = {
    ...record,
    flag: assessment.flag,
    flagReasons: assessment.reasons,
    rowCount: stats.rowCount,
    previousFileId: previous?._id,
    previousDate: previous?.date,
    previousRowCount: digest?.rowCount,
    diff: s ? { added: s.addedCount, removed: s.removedCount, changed: s.changedCount, unchanged: s.unchangedCount } : undefined,
    pagesPrefix: `s3://${env.dataBucket}/${pagesPrefix(fileId)}`,
    pageSize: CHUNK_ROWS,
    currentPages,
    previousPages,
    health: { columns: [...stats.columns], emptyShares: empties.shares(stats.columns) },
  };
  const created = await createFileOnce(rec);
  if (!created) return { key, fileId, created: false };
  logger.info('file ingested', { fileId, key, rows: stats.rowCount, flag: rec.flag });
  recordMetric('FilesIngested', 1, { flag: rec.flag });
  await completeSteps(rec);
  return { key, fileId, created: true, flag: rec.flag };
}

/** The digest of the previous file's rows, or null when its pages are gone from the data bucket. */
async function previousDigest(previous: FileRecord, pages: number, options: ConstructorParameters<typeof PreviousFileDigest>[0]): Promise<PreviousFileDigest | null> {
  // Its saved digest when it has one for these columns (24 bytes a row), else its pages.
  try {
    const header = await readDigestHeader(previous._id);
    const saved = header ? await PreviousFileDigest.fromSaved(options, header, readDigestParts(previous._id, header.parts)) : null;
    if (saved) return saved;
  } catch (e) {
    if (!isMissingObject(e)) throw e;
  }
  const digest = new PreviousFileDigest(options, previous.rowCount);
  try {
    for await (const chunk of readAllRows(previous._id, 'current', pages)) for (const r of chunk) digest.add(r.row);
  } catch (e) {
    if (!isMissingObject(e)) throw e;
    logger.warn('previous file pages gone: compared with nothing', { previousFileId: previous._id, date: previous.date });
    return null;
  }
  return digest;
}

// A new catalogue version: every retailer's latest period of the brand is checked against it.
onCatalogApplied(async (brand, version) => void (await recheckBrand(brand, `catalog:${version}`)));

/**
 * The Lambda entry: one S3 notification, possibly several records. An error is thrown (Lambda
 * retries the event, then sends it to the failure queue: docs/operations.md); once every record
 * went through, a failed delivery of this event (recorded by an earlier, failed run) is resolved.
 */
export async function handler(event: S3Event): Promise<{ results: IngestResult[] }> {
  const results: IngestResult[] = [];
  for (const record of event.Records ?? []) {
    const bucket = record.s3.bucket.name;
    const key = decodeS3Key(record.s3.object.key);
    if (!key.startsWith('incoming/')) continue;
    logger.setContext({ fn: 'ingest', key });
    if (key.startsWith('incoming/oh/')) {
      // A brand's on-hand inventory feed: replaces the brand's previous feed.
      const oh = await ingestOhFeed({ bucket, key });
      if (oh.unreadable) {
        results.push(await fileUnreadableFeed(bucket, key, oh.unreadable));
        continue;
      }
      results.push({ key, created: true, ...(oh.errors.length ? { error: oh.errors.slice(0, 3).join(' ') } : {}) });
      continue;
    }
    if (key.startsWith('incoming/catalog/')) {
      // A brand's catalogue (golden record): replaces the brand's catalogue whole, or changes nothing.
      const cat = await ingestCatalog({ bucket, key });
      if (cat.unreadable) {
        results.push(await fileUnreadableFeed(bucket, key, cat.unreadable, 'catalogue'));
        continue;
      }
      results.push({ key, created: true, ...(cat.errors.length ? { error: cat.errors.slice(0, 3).join(' ') } : {}) });
      continue;
    }
    faultPoint('ingest', key);
    results.push(await ingestObject(bucket, key));
  }
  const subject = s3Subject(event);
  if (subject) await resolveFailure('ingest', subject);
  return { results };
}
