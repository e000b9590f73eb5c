/**
 * The emulators a handler-level bench runs against (DynamoDB Local and s3rver on free ports, a
 * table and a bucket of its own in a temporary folder), with the environment pointing the
 * functions' clients at them. Import the functions' modules after this resolves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBucket, ensureTable, freePort, LOCAL_CREDENTIALS, startDynamo, startS3 } from '../infra/local/emulators.js';

export interface BenchEmulators {
  dir: string;
  /** Stops both emulators and removes the folder. */
  stop(): Promise<void>;
}

export async function startBenchEmulators(name: string, extraEnv: Record<string, string> = {}): Promise<BenchEmulators> {
  const dir = await mkdtemp(join(tmpdir(), `${name}-`));
  const dynamo = await startDynamo(await freePort());
  const s3local = await startS3(await freePort(), join(dir, 's3'));
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3local.endpoint,
    TABLE_NAME: 'bench-table',
    DATA_BUCKET: 'bench-data',
    APP_URL: 'http://localhost',
    LOG_LEVEL: 'error',
    ...extraEnv,
  });
  await ensureTable(dynamo.client, 'bench-table');
  await ensureBucket(s3local.client, 'bench-data', 'http://localhost');
  return {
    dir,
    async stop() {
      dynamo.process.kill();
      await s3local.server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
