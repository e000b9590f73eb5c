/**
 * The local S3 (s3rver, infra/local/emulators.ts) survives writes and deletes racing in one
 * folder, as S3 does. s3rver removed a key's emptied folders after a delete; a PUT in the same
 * folder (its mkdirp done, its file not yet opened) then opened into a removed folder: an
 * unhandled ENOENT on its write stream that ended the whole local stack (the export-job suite
 * took every later stack file down with it in a full run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBucket, freePort, startS3, type S3Local } from '../../../infra/local/emulators';

const BUCKET = 'race-bucket';
let s3: S3Local;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 's3-emulator-test-'));
  s3 = await startS3(await freePort(), dir);
  await ensureBucket(s3.client, BUCKET, 'http://localhost');
});
afterAll(async () => {
  await s3?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('local S3', () => {
  it('takes a PUT racing a DELETE in the same folder, every time, and keeps what was put', async () => {
    for (let round = 0; round < 60; round++) {
      const folder = `jobs/race-${round}`;
      await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${folder}/old.json`, Body: '{}' }));
      // The only object of its folder deleted while 10 others are put into that folder.
      const puts = Array.from({ length: 10 }, (_, i) => s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${folder}/new-${i}.json`, Body: `{"i":${i}}` })));
      const results = await Promise.allSettled([s3.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${folder}/old.json` })), ...puts]);
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      for (let i = 0; i < 10; i++) {
        const got = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${folder}/new-${i}.json` }));
        expect(await got.Body!.transformToString()).toBe(`{"i":${i}}`);
      }
    }
  }, 120_000);
});
