/**
 * Fills the post office like a real month, through the real pipeline: the demo robot files and
 * on-hand feed are put into the S3 emulator, whose events run the ingest handler, whose
 * unflagged and caution files run the approval workflow. Each file's pictures are stored under
 * screenshots/ first, as a robot stores them before it drops the file that refers to them.
 * Idempotent: a file already in the post office is not dropped again (and a repeated drop of the
 * same bytes is one File anyway).
 *
 * The month is replayed on its own dates: each retailer's files of a scan date arrive, and the
 * ones approved on their own are approved, a day or two after that date (`arrivalOf`), by the
 * pipeline clock (functions/lib/clock.ts) the same ingest and approval code stamps its times with.
 */
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { onPipelineClock } from '../../functions/lib/clock';
import type { SeedingMode } from './s3-events';
import { listFiles } from '../../functions/files/files.repo';
import type { DemoFile } from './demo-files';
import type { DemoCalendar } from './demo-calendar';
import { demoFiles } from './demo-files';
import { SEED_RETAILERS } from './seed';
import { checksIdle, workflowsIdle } from './workflow';

const DAY_MS = 86_400_000;
const dateOfKey = (key: string) => key.split('/')[3]!;
const slugOfKey = (key: string) => key.split('/')[2]!;

/**
 * When a retailer's files of a scan date reach the post office (and the ones that need no person
 * are approved): one or two days after the scan date, alternating by retailer and week, during
 * working hours (09:00 UTC plus 47 minutes a retailer). Never later than now (the pipeline clock
 * does not run ahead of the wall clock).
 */
export function arrivalOf(date: string, retailerIndex: number, week: number): Date {
  const days = 1 + ((retailerIndex + week) % 2);
  return new Date(Date.parse(`${date}T09:00:00Z`) + days * DAY_MS + retailerIndex * 47 * 60_000);
}

/**
 * The month's pictures, stored from the start by 8 workers in the files' order, while the
 * pipeline files the earlier retailers (it waits on DynamoDB much of the time): `ready(f)` resolves
 * once every picture of `f` is in the bucket, so a file is still dropped only after its pictures,
 * as a robot stores them first.
 */
function storePictures(store: (key: string, body: string) => Promise<void>, files: DemoFile[]): { ready: (f: DemoFile) => Promise<void> } {
  const left = new Map(files.map((f) => [f, f.pictures.length]));
  const waiting = new Map<DemoFile, () => void>();
  const queue = files.flatMap((f) => f.pictures.map((p) => ({ f, p })));
  let failed: unknown;
  let next = 0;
  const worker = async () => {
    for (let job = queue[next++]; job; job = queue[next++]) {
      await store(job.p.key, job.p.body);
      const n = left.get(job.f)! - 1;
      left.set(job.f, n);
      if (n === 0) waiting.get(job.f)?.();
    }
  };
  const all = Promise.all(Array.from({ length: 8 }, worker)).catch((e: unknown) => {
    failed = e;
    for (const wake of waiting.values()) wake();
  });
  void all;
  return {
    ready: async (f) => {
      if ((left.get(f) ?? 0) > 0 && failed === undefined) await new Promise<void>((r) => waiting.set(f, r));
      if (failed !== undefined) throw failed;
    },
  };
}

export async function seedPostOffice(s3: S3Client, bucket: string, opts: { scale: number; calendar: DemoCalendar; idle: () => Promise<void>; log: (m: string) => void; seeding?: (mode: SeedingMode) => void; storePicture?: (key: string, body: string) => Promise<void> }): Promise<number> {
  const { files, ohFeed } = demoFiles(opts.scale, opts.calendar);
  const DEMO_HEALTH_CHECK = opts.calendar.healthCheck;
  const known = new Set((await listFiles()).map((f) => f.fileName));
  const todo = files.filter((f) => !known.has(f.key));
  let ohDropped = false;
  const exists = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: ohFeed.key })).then(
    () => true,
    () => false,
  );
  if (!todo.length && exists) return 0;
  opts.log(`Filing the demo month: ${todo.length} robot file(s)${exists ? '' : ' and an on-hand feed'} through ingest and approval…`);
  // One line a scan date, not one a file; the robot problems the demo makes on purpose are not warnings to the person starting it.
  const { powertoolsLogger } = await import('../../functions/lib/logger');
  const level = powertoolsLogger.getLevelName();
  powertoolsLogger.setLogLevel('ERROR');
  // Periods in order, as the scrapers would have dropped them week after week; within a scan date
  // the retailers side by side (as Lambda ingests them), each file on its retailer's clock.
  const dates = [...new Set(todo.map((f) => dateOfKey(f.key)))].sort();
  const weeks = [...new Set(files.map((f) => dateOfKey(f.key)))].sort();
  const slugs = SEED_RETAILERS.map((r) => r.slug);
  const clockOf = (key: string): Date | undefined => {
    if (key === ohFeed.key) return new Date(Date.parse(`${dateOfKey(key)}T07:00:00Z`) + DAY_MS);
    const i = slugs.indexOf(slugOfKey(key));
    const week = weeks.indexOf(dateOfKey(key));
    return i < 0 || week < 0 ? undefined : arrivalOf(dateOfKey(key), i, week);
  };
  opts.seeding?.({ quiet: true, clockOf });
  // Wait until every drop is ingested and every approval it started has ended.
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await opts.idle();
      await workflowsIdle();
      await checksIdle();
    }
  };
  // The pictures are no input of the pipeline (no event is sent for screenshots/): locally they may go straight into the emulator's store.
  const storePicture = opts.storePicture ?? ((key: string, body: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'image/svg+xml' })).then(() => undefined));
  const pictures = storePictures(storePicture, [...(exists ? [] : [ohFeed]), ...todo]);
  const put = async (f: DemoFile) => {
    await pictures.ready(f);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: f.key, Body: f.body, ContentType: 'text/csv' }));
  };
  // The on-hand feed arrives with the third period.
  try {
    for (const [n, date] of dates.entries()) {
      const started = Date.now();
      let count = 0;
      if (!exists && !ohDropped && date > dateOfKey(ohFeed.key)) {
        await put(ohFeed);
        ohDropped = true;
        count++;
        // The scans of that date are compared with it: it is in before they are dropped.
        await settle();
      }
      const groups = SEED_RETAILERS.map((r) => todo.filter((f) => dateOfKey(f.key) === date && slugOfKey(f.key) === r.slug));
      await Promise.all(groups.map(async (group) => {
        for (const f of group) await put(f);
      }));
      count += groups.flat().length;
      await settle();
      opts.log(`  scan ${n + 1} of ${dates.length} (${date}): ${count} file(s) filed and reviewed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    opts.seeding?.({ quiet: false });
    powertoolsLogger.setLogLevel(level as 'INFO');
  }
  if (!exists && !ohDropped) await put(ohFeed);
  await settle();
  // The robots' daily check of the morning after the month's files were in (robot health, issue 25).
  const { checkRobots } = await import('../../functions/robot-health');
  const checked = await onPipelineClock(new Date(DEMO_HEALTH_CHECK), () => checkRobots(DEMO_HEALTH_CHECK.slice(0, 10), new Date(DEMO_HEALTH_CHECK)));
  opts.log(`Robot health checked for ${checked.day}: ${checked.open} open problem(s) in ${checked.robots} robots.`);
  return todo.length;
}
