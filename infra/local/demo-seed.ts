/**
 * Fills the post office like a real month, through the real pipeline: the demo robot files and
 * on-hand feed are put into the S3 emulator, whose events run the ingest handler, whose
 * unflagged and caution files run the approval workflow. Each file's pictures are stored under
 * screenshots/ first, as a robot stores them before it drops the file that refers to them.
 * Idempotent: a file already in the post office is not dropped again (and a repeated drop of the
 * same bytes is one File anyway).
 */
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { listFiles } from '../../functions/files/files.repo';
import type { DemoFile } from './demo-files';
import { demoFiles } from './demo-files';
import { workflowsIdle } from './workflow';

/** The file's pictures (8 at a time), then the file. */
async function drop(s3: S3Client, bucket: string, f: DemoFile): Promise<void> {
  let next = 0;
  const put = async () => {
    for (let p = f.pictures[next++]; p; p = f.pictures[next++]) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: p.key, Body: p.body, ContentType: 'image/svg+xml' }));
  };
  await Promise.all(Array.from({ length: 8 }, put));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: f.key, Body: f.body, ContentType: 'text/csv' }));
}

export async function seedPostOffice(s3: S3Client, bucket: string, opts: { scale: number; idle: () => Promise<void>; log: (m: string) => void }): Promise<number> {
  const { files, ohFeed } = demoFiles(opts.scale);
  const known = new Set((await listFiles()).map((f) => f.fileName));
  const todo = files.filter((f) => !known.has(f.key));
  let ohDropped = false;
  const exists = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: ohFeed.key })).then(
    () => true,
    () => false,
  );
  if (!todo.length && exists) return 0;
  opts.log(`Seeding the post office: ${todo.length} robot file(s)${exists ? '' : ' and an on-hand feed'} through the ingest pipeline…`);
  // Periods in order, as the scrapers would have dropped them week after week; the on-hand feed
  // arrives with the third period.
  const byDate = [...todo].sort((a, b) => a.key.split('/')[3]!.localeCompare(b.key.split('/')[3]!));
  for (const f of byDate) {
    if (!exists && !ohDropped && f.key.split('/')[3]! > ohFeed.key.split('/')[3]!) {
      await drop(s3, bucket, ohFeed);
      ohDropped = true;
    }
    await drop(s3, bucket, f);
  }
  if (!exists && !ohDropped) await drop(s3, bucket, ohFeed);
  // Wait until every drop is ingested and every approval it started has ended.
  for (let i = 0; i < 3; i++) {
    await opts.idle();
    await workflowsIdle();
  }
  return todo.length;
}
