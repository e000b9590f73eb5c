/**
 * s3rver's object-created events → the ingest handler, as S3 notifications do in AWS. Events are
 * deferred (s3rver fires them inside the PUT) and processed one at a time in arrival order (while
 * the demo seeds, one chain a retailer: ./lanes.ts); keys
 * are URL-encoded the way real S3 notifications encode them, so the handler's decoding is tested.
 * Each is an asynchronous invocation (./async.ts): tried as Lambda tries it, then recorded as a
 * failed delivery (docs/operations.md).
 */
import type S3rver from 's3rver';
import type { S3Event as LocalEvent } from 's3rver';
import type { S3Event } from 'aws-lambda';
import type { IngestResult } from '../../functions/files/ingest';
import type { LocalAsync } from './async';
import type { LocalAsyncName } from './async-functions';
import { onPipelineClock } from '../../functions/lib/clock';
import { laneChains, localLane } from './lanes';

/** infra/constructs/pipeline.ts: the export workers' notification prefixes. */
const BASKET_JOBS = 'jobs/basket-export/';
/** The export jobs' workers (functions/exports/export-jobs.ts EXPORT_JOB_SOURCES): each kind its function, started by its prefix. */
const EXPORT_JOBS = ['tab-export', 'permissions-export', 'contacts-export', 'case-activity-export'] as const satisfies readonly LocalAsyncName[];

export const encodeS3EventKey = (key: string) => key.split('/').map((s) => encodeURIComponent(s).replace(/%20/g, '+')).join('/');

/** While the demo seed files its month: one line a scan date instead of one a file; retailers side by side, each on its own clock. */
export interface SeedingMode {
  quiet: boolean;
  /** The clock a robot file's ingest (and the approval it starts) runs on: its retailer's day. */
  clockOf?: (key: string) => Date | undefined;
}

/** A robot file's retailer (incoming/<kind>/<slug>/<date>/...; the on-hand feed's brand). */
const laneOfKey = (key: string) => key.split('/')[2] ?? '';

export function bridgeS3Events(server: S3rver, async: LocalAsync, log: (m: string) => void) {
  const chains = laneChains();
  let pending = 0;
  let quiet = false;
  let clockOf: SeedingMode['clockOf'];
  let ingested = 0;
  // Basket exports: their own chain (an export must not wait behind a robot file's ingest).
  let jobs: Promise<unknown> = Promise.resolve();
  server.on('event', (e: LocalEvent) => {
    const jobRecords = e.Records.filter((r) => r.eventName.startsWith('ObjectCreated') && r.s3.object.key.startsWith(BASKET_JOBS));
    if (jobRecords.length) {
      const event = { Records: jobRecords.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeS3EventKey(r.s3.object.key) } } })) } as unknown as S3Event;
      jobs = jobs
        .then(() => new Promise((r) => setImmediate(r)))
        .then(() => async.deliver('basket-export', event));
    }
  });
  // Export jobs: a chain a kind (as a function a kind in AWS), one job at a time in arrival order
  // (the local machine's one process; each job's progress is readable while it builds).
  for (const source of EXPORT_JOBS) {
    const prefix = `jobs/${source}/`;
    let kindJobs: Promise<unknown> = Promise.resolve();
    server.on('event', (e: LocalEvent) => {
      const jobRecords = e.Records.filter((r) => r.eventName.startsWith('ObjectCreated') && r.s3.object.key.startsWith(prefix));
      if (!jobRecords.length) return;
      const event = { Records: jobRecords.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeS3EventKey(r.s3.object.key) } } })) } as unknown as S3Event;
      kindJobs = kindJobs.then(() => new Promise((r) => setImmediate(r))).then(() => async.deliver(source, event));
    });
  }
  server.on('event', (e: LocalEvent) => {
    const records = e.Records.filter((r) => r.eventName.startsWith('ObjectCreated') && r.s3.object.key.startsWith('incoming/'));
    if (!records.length) return;
    const event = {
      Records: records.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeS3EventKey(r.s3.object.key) } } })),
    } as unknown as S3Event;
    pending++;
    // One chain, in arrival order; while seeding, one a retailer (its files still in order).
    const key = records[0]!.s3.object.key;
    const lane = clockOf ? laneOfKey(key) : '';
    const at = clockOf?.(key);
    void chains
      .add(lane, () => new Promise((r) => setImmediate(r)).then(() => onPipelineClock(at, () => localLane.run(lane, () => async.deliver<{ results: IngestResult[] }>('ingest', event)))))
      .then((out) =>
        out?.results.forEach((x) => (ingested++, !quiet) && log(`Ingested ${x.key}: ${x.created ? (x.error ? `error: ${x.error}` : x.flag ? `flag ${x.flag}` : 'applied') : `already known${x.resumed?.length ? `, finished: ${x.resumed.join(', ')}` : ''}`}`)),
      )
      .finally(() => pending--);
  });
  return {
    idle: () => chains.idle(),
    pending: () => pending,
    /** Files ingested so far. */
    ingested: () => ingested,
    /** Seeding (or not): quiet (only failed files are said), retailers side by side on their clocks. */
    setSeeding: (mode: SeedingMode) => void ((quiet = mode.quiet), (clockOf = mode.clockOf)),
  };
}
