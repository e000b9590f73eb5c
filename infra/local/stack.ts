/**
 * The whole product on one machine: emulators, table and bucket, demo data, and the one-origin
 * server for the SPA and `/api`. Used by `npm start` and, once per run, by the test suite.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { localAsyncFunctionsEnv } from './async-functions';
import { DYNAMO_DB_FILE, moveInto, seedingScratch } from './seeding-scratch';
import { demoCalendar, demoMoment, type DemoCalendar } from './demo-calendar';
import { assertJava, assertPortFree, ensureBucket, ensureTable, freePort, LOCAL_CREDENTIALS, startDynamo, startS3, startSes } from './emulators';

export interface LocalStackOptions {
  root: string;
  /** Absolute folder for DynamoDB and S3 data; undefined: DynamoDB in memory, S3 in a temp folder. */
  dataDir?: string;
  port?: number;
  ports?: { dynamo?: number; s3?: number; ses?: number; idp?: number; samlIdp?: number; dns?: number; dnsControl?: number };
  log?: (m: string) => void;
  /** Size of the demo post office (1: hundreds to thousands of products per file; 0: none). */
  demoScale?: number;
}

export interface LocalStack {
  url: string;
  sesUrl: string;
  /** The local identity provider of the demo brand's single sign-on (infra/local/oidc-idp.ts). */
  idpUrl: string;
  /** The local SAML identity provider of the demo brand's SAML single sign-on (infra/local/saml-idp.ts). */
  samlIdpUrl: string;
  /** The local authoritative DNS server's control endpoint (infra/local/dns-server.ts): publish and remove TXT records. */
  dnsControlUrl: string;
  env: Record<string, string>;
  /** The demo month's dates (./demo-calendar.ts): from the day its data was made. */
  calendar: DemoCalendar;
  stop(): Promise<void>;
}

export const TABLE_NAME = 'retailer-audit-local';
export const DATA_BUCKET = 'retailer-audit-data-local';
/** Under the data folder: the running stack's addresses and environment (for `npm run job`). */
export const LOCAL_ENV_FILE = 'local-env.json';

function jwtSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  assertJava();
  const fixed = opts.dataDir !== undefined;
  const port = opts.port ?? (fixed ? 3000 : await freePort());
  const ports = {
    dynamo: opts.ports?.dynamo ?? (fixed ? 8100 : await freePort()),
    s3: opts.ports?.s3 ?? (fixed ? 4568 : await freePort()),
    ses: opts.ports?.ses ?? (fixed ? 8005 : await freePort()),
    idp: opts.ports?.idp ?? (fixed ? 8010 : await freePort()),
    samlIdp: opts.ports?.samlIdp ?? (fixed ? 8011 : await freePort()),
    dns: opts.ports?.dns ?? (fixed ? 8053 : await freePort()),
    dnsControl: opts.ports?.dnsControl ?? (fixed ? 8054 : await freePort()),
  };
  await assertPortFree(port, 'web app and API');
  await assertPortFree(ports.dynamo, 'DynamoDB Local');
  await assertPortFree(ports.s3, 'S3 emulator');
  await assertPortFree(ports.ses, 'SES emulator');
  await assertPortFree(ports.idp, 'local identity provider');
  await assertPortFree(ports.dnsControl, 'local DNS server control');
  // A free port is bound only after the seeding (minutes): until then it is held here, so another
  // stack on the machine picking its own free ports meanwhile cannot take it (EADDRINUSE).
  const held = fixed ? undefined : await holdPort(port);

  const dataDir = opts.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const calendar = demoCalendar(demoMoment(dataDir));
  const s3Dir = dataDir ? path.join(dataDir, 's3') : path.join(opts.root, '.data', `tmp-s3-${process.pid}-${Date.now()}`);
  const url = `http://localhost:${port}`;
  // Secrets the functions write at run time (a brand's SSO client secret, `sso/local/<brand>`): Secrets Manager in AWS, this file locally (functions/lib/secrets.ts).
  const secretsFile = dataDir ? path.join(dataDir, 'secrets.json') : path.join(opts.root, '.data', `tmp-secrets-${process.pid}-${Date.now()}.json`);

  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await Promise.resolve(s()).catch(() => undefined);
    stops.length = 0;
  };
  try {
    // npm start on a new data folder files its demo month into a database in memory-backed scratch
    // space (fsync is most of the filing's time on disk), moved into the folder once it is made.
    const dynamoDir = dataDir ? path.join(dataDir, 'dynamodb') : undefined;
    const scratch = dynamoDir && !existsSync(path.join(dynamoDir, DYNAMO_DB_FILE)) ? seedingScratch() : undefined;
    let jvm: import('node:child_process').ChildProcess | undefined;
    const runDynamo = (dir: string | undefined) =>
      startDynamo(ports.dynamo, dir, dataDir !== undefined).then((d) => {
        jvm = d.process;
        // However this process ends (an error, process.exit), the JVM must not keep the port.
        process.once('exit', () => d.process.exitCode === null && d.process.kill('SIGKILL'));
        return d;
      });
    stops.push(() => (jvm ? killJvm(jvm) : undefined));
    if (scratch) stops.push(() => rmSync(scratch, { recursive: true, force: true }));
    const [dynamo, s3, ses] = await Promise.all([
      runDynamo(scratch ?? dynamoDir),
      startS3(ports.s3, s3Dir).then((s) => {
        stops.push(() => s.server.close());
        return s;
      }),
      startSes(ports.ses).then((s) => {
        stops.push(() => new Promise<void>((r) => s.server.close(() => r())));
        return s;
      }),
    ]);
    // The demo brand's identity provider; the test stack's has the test-only clients and accounts hook too.
    const { startLocalIdp } = await import('./oidc-idp');
    const idp = await startLocalIdp({ port: ports.idp, appUrl: url, testHooks: process.env.LOCAL_IDP_TEST_HOOKS === '1', log });
    stops.push(() => idp.stop());
    const { startLocalSamlIdp } = await import('./saml-idp');
    const samlIdp = await startLocalSamlIdp({ port: ports.samlIdp, appUrl: url, testHooks: process.env.LOCAL_IDP_TEST_HOOKS === '1', log });
    stops.push(() => samlIdp.stop());
    // The brands' domains' DNS (issue 36): the TXT records that prove a single sign-on domain; kept in the data folder under npm start.
    const { startLocalDns } = await import('./dns-server');
    const dns = await startLocalDns({ port: ports.dns, controlPort: ports.dnsControl, file: dataDir ? path.join(dataDir, 'dns-records.json') : undefined, log });
    stops.push(() => dns.stop());
    log(`DynamoDB Local ${dynamo.endpoint}, S3 ${s3.endpoint}, SES ${ses.endpoint}, identity providers ${idp.issuer} (OIDC), ${samlIdp.url} (SAML), DNS ${dns.server}`);
    await ensureTable(dynamo.client, TABLE_NAME);
    await ensureBucket(s3.client, DATA_BUCKET, url);

    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: ses.endpoint,
      TABLE_NAME,
      DATA_BUCKET,
      SES_FROM: 'no-reply@retailer-audit.local',
      APP_URL: url,
      // The public forms' inboxes (their emails show in the local SES viewer) and the offline captcha (docs/decisions.md "Captcha").
      SALES_INBOX: 'sales@retailer-audit.local',
      SUPPORT_INBOX: 'support@retailer-audit.local',
      CAPTCHA_PROVIDER: 'local',
      JWT_SECRET: jwtSecret(dataDir),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The basket export fetches item images: locally the demo images are served by this machine (docs/basket.md "Images").
      IMAGE_FETCH_ALLOW_PRIVATE: 'true',
      // The asynchronously invoked functions, by source (the failure queue's consumer names them: docs/operations.md).
      ASYNC_FUNCTIONS: localAsyncFunctionsEnv(),
      // The functions' EMF metrics are for CloudWatch (docs/operations.md); the local console is for people.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Single sign-on (issue 26): the run-time secrets' file, the local provider (plain http on localhost, allowed locally only).
      LOCAL_SECRETS_FILE: secretsFile,
      SSO_SECRET_PREFIX: 'sso/local/',
      SSO_ALLOW_HTTP_ISSUER: '1',
      LOCAL_IDP_ISSUER: idp.issuer,
      LOCAL_SAML_IDP_URL: samlIdp.url,
      // Domain verification (issue 36): the functions' resolver asks the local DNS server (never set in AWS: the system resolver), whose control endpoint publishes records.
      DNS_SERVERS: dns.server,
      LOCAL_DNS_CONTROL: dns.controlUrl,
      // When the demo data was made (issue 37): the test suites read the demo's dates from it.
      DEMO_NOW: calendar.now,
    };
    Object.assign(process.env, env);
    // What `npm run job` (infra/local/job.ts) runs the scheduled reports with: this stack's endpoints and secret.
    if (dataDir) writeFileSync(path.join(dataDir, LOCAL_ENV_FILE), JSON.stringify({ url, sesUrl: ses.endpoint, env }, null, 2), { mode: 0o600 });

    // Imported only now: the handlers' SDK clients read the endpoints above at module load.
    const { seed } = await import('./seed');
    await seed(log);
    // Contacts and email history of the demo brand (issue 9): written once.
    const { seedAddressBook } = await import('./demo-address-book');
    await seedAddressBook(calendar, log);
    // The demo brand's single sign-on at the local provider (issue 26).
    const { seedSamlSso, seedSso } = await import('./demo-sso');
    await seedSso(idp.issuer, log);
    await seedSamlSso(samlIdp.metadata, log);
    // Their domains proven as a brand proves one: the TXT records published in the local DNS, then checked (an older data folder's unproven domains too).
    const { seedSsoDomains } = await import('./demo-sso');
    await seedSsoDomains(dns, log);
    // A table kept from an older checkout: files written before an index existed get its keys.
    const { backfillFileSortKeys } = await import('../../functions/files/files.repo');
    const backfilled = await backfillFileSortKeys();
    if (backfilled) log(`Backfilled the sort keys of ${backfilled} post-office file(s).`);
    // The retailers' waiting scans (Next Scan: 'a newer scan is in review') for files ingested before they were kept.
    await (await import('../../functions/files/files.repo')).backfillPendingScans();
    // Users: the admin list's keys and the kept count (docs/decisions.md "Manage Users"), their addresses' domain keys (issue 36); a no-op write-wise once done.
    await (await import('../../functions/users/users.repo')).backfillUserKeys();
    await (await import('../../functions/users/users.repo')).backfillEmailDomainKeys();
    // The cases awaiting an answer by notice day (the summary's overdue count) for cases written before they were kept.
    const { backfillNoticeDays } = await import('../../functions/cases');
    for (const b of await (await import('../../functions/brands/brands.repo')).listBrands()) await backfillNoticeDays(b._id);
    const { bindLocalWorkflow } = await import('./workflow');
    await bindLocalWorkflow(opts.root);
    const { bindLocalAsync } = await import('./async');
    const asyncInvocations = await bindLocalAsync(opts.root, (arn, e) =>
      process.stderr.write(JSON.stringify({ level: 'error', message: 'asynchronous invocation failed every try: recorded as a failed delivery', functionArn: arn, error: String((e as Error)?.stack ?? e) }) + '\n'),
    );
    stops.push(() => asyncInvocations.idle());
    const { bridgeS3Events } = await import('./s3-events');
    const ingestQueue = bridgeS3Events(s3.server, asyncInvocations, log);
    stops.push(() => ingestQueue.idle());
    let contentLater: (() => Promise<void>) | undefined;
    if (opts.demoScale !== 0) {
      const { seedPostOffice } = await import('./demo-seed');
      const started = Date.now();
      const n = await seedPostOffice(s3.client, DATA_BUCKET, { scale: opts.demoScale ?? 1, calendar, idle: ingestQueue.idle, log, seeding: ingestQueue.setSeeding, storePicture: storeInS3rver(s3.server, DATA_BUCKET) });
      if (n) log(`Demo month filed in ${((Date.now() - started) / 1000).toFixed(1)} s (scans ${calendar.periods[0]} to ${calendar.periods[3]}).`);
      // Flags and export history on the published periods (issue 8: every dashboard screen has something to show).
      const { seedDashboard } = await import('./demo-dashboard');
      await seedDashboard(calendar, log);
      // The brand's catalogue and the content checks of every latest scan (issue 38): before the
      // stack is ready for a test run (its suites read a settled demo); for `npm start`, once the
      // app is up, in the background (the Suggestions say "Checking…" until they are in).
      const { seedContent } = await import('./demo-content');
      const content = () => seedContent(s3.client, DATA_BUCKET, { scale: opts.demoScale ?? 1, calendar, idle: ingestQueue.idle, log, storePicture: storeInS3rver(s3.server, DATA_BUCKET) });
      if (dataDir) contentLater = content;
      else await content();
    }
    if (scratch && dynamoDir) {
      // The demo is made: its database goes into the data folder, where DynamoDB Local serves it from now on.
      await ingestQueue.idle();
      await asyncInvocations.idle();
      await killJvm(jvm!);
      moveInto(scratch, dynamoDir);
      await runDynamo(dynamoDir);
    }
    const { createApiServer } = await import('./api-server');
    const server: http.Server = createApiServer({ root: opts.root, webDist: path.join(opts.root, 'web', 'dist') });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      const listen = () => server.listen(port, '0.0.0.0', () => resolve());
      if (held) held.close(listen);
      else listen();
    });
    stops.push(() => new Promise<void>((r) => server.close(() => r())));
    if (contentLater) {
      const running = contentLater().catch((e: unknown) => log(`The demo's content checks did not finish: ${String((e as Error)?.message ?? e)}`));
      stops.unshift(() => running.then(() => undefined));
    }
    if (!dataDir) stops.unshift(() => import('node:fs').then((fs) => (fs.rmSync(s3Dir, { recursive: true, force: true }), fs.rmSync(secretsFile, { force: true }))));
    return { url, sesUrl: ses.endpoint, idpUrl: idp.issuer, samlIdpUrl: samlIdp.url, dnsControlUrl: dns.controlUrl, env, calendar, stop };
  } catch (e) {
    held?.close();
    await stop();
    throw e;
  }
}

/**
 * A picture put straight into s3rver's store, as a PUT would store it (object, metadata, MD5),
 * without the HTTP round trip and request signing: the demo seed's thousands of robot pictures
 * cost the one Node process most of the seeding's first scan that way. Only for keys no
 * notification listens to (screenshots/).
 */
function storeInS3rver(server: import('s3rver').default, bucket: string): (key: string, body: string) => Promise<void> {
  const store = (server as unknown as { store: { putObject(o: unknown): Promise<unknown> } }).store;
  return async (key, body) => {
    if (!key.startsWith('screenshots/')) throw new Error(`storeInS3rver: ${key} is not a picture key`);
    const { default: S3Object } = await import('s3rver/lib/models/object.js');
    await store.putObject(new S3Object(bucket, key, Buffer.from(body), { 'content-type': 'image/svg+xml' }));
  };
}

/** Listens on `port` until closed (a placeholder for the API server). */
function holdPort(port: number): Promise<import('node:net').Server> {
  return import('node:net').then(
    (net) =>
      new Promise((resolve, reject) => {
        const srv = net.createServer((socket) => socket.destroy());
        srv.once('error', reject);
        srv.listen(port, '0.0.0.0', () => resolve(srv));
      }),
  );
}

function killJvm(child: import('node:child_process').ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => (clearTimeout(t), resolve()));
    child.kill('SIGTERM');
  });
}
