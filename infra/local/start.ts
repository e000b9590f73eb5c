/**
 * `npm start`: build the web app when its sources changed, start the local stack with the data
 * kept under `.data/`, print the addresses, and stop every child on Ctrl-C.
 * `--ephemeral` (tests): in-memory DynamoDB, free ports, prints one JSON line when ready.
 * `--fresh`: a new demo month dated from today; the old `.data/` is kept as `.data-<its day>/`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoCalendar, demoMoment, staleDemoNotice } from './demo-calendar';
import { assertJava, LocalStackError } from './emulators';
import { IDP_DEMO_PASSWORD } from './oidc-idp-clients';
import { SAML_IDP_DEMO_PASSWORD } from './saml-idp-people';
import { startLocalStack } from './stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ephemeral = process.argv.includes('--ephemeral');
const fresh = process.argv.includes('--fresh');
const dataDir = path.join(root, '.data');

/** `--fresh`: the old data folder moved aside (never deleted), so the stack makes a new month. */
function setAsideOldData(): void {
  if (!existsSync(dataDir)) return;
  const made = demoCalendar(demoMoment(dataDir)).today;
  let target = path.join(root, `.data-${made}`);
  for (let n = 2; existsSync(target); n++) target = path.join(root, `.data-${made}-${n}`);
  renameSync(dataDir, target);
  console.log(`The old demo data is kept in ${path.relative(root, target)}/; making a demo month dated from today.`);
}

/** Said once at start about a data folder whose month has gone by. */
function sayIfStale(): void {
  if (!existsSync(path.join(dataDir, 'jwt-secret'))) return;
  const notice = staleDemoNotice(demoCalendar(demoMoment(dataDir)), new Date().toISOString().slice(0, 10));
  if (notice) console.log(notice);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** The web build (a child process, beside the emulators' start), when its sources are newer than the last build. */
function buildWebIfStale(): Promise<void> {
  const index = path.join(root, 'web', 'dist', 'index.html');
  const sources = [path.join(root, 'web'), path.join(root, 'shared')].filter(existsSync);
  const srcTime = Math.max(...sources.map((d) => newestMtime(d === path.join(root, 'web') ? path.join(d, 'src') : d)), statSync(path.join(root, 'web', 'index.html')).mtimeMs, statSync(path.join(root, 'web', 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= srcTime) return Promise.resolve();
  const t = Date.now();
  console.log(`${elapsed()}  Building the web app (beside the emulators' start)…`);
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(root, 'web', 'vite.config.ts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        console.log(`${elapsed()}  Web app built in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
        resolve();
      } else reject(new LocalStackError(`The web build failed (exit code ${code}): see its output above.`));
    });
  });
}

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;

async function main() {
  // A missing Java runtime is said before anything slow happens.
  assertJava();
  if (!ephemeral) {
    if (fresh) setAsideOldData();
    else sayIfStale();
  }
  const built = buildWebIfStale();
  // Kept from failing unhandled while the stack starts; awaited below.
  built.catch(() => undefined);
  const stack = await startLocalStack({
    root,
    dataDir: ephemeral ? undefined : dataDir,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    log: ephemeral ? undefined : (m) => console.log(`${elapsed()}  ${m}`),
    // Tests run on a small demo month (fast to seed); `npm start` on a boutique's: 90 to 720 products a retailer and scan (DEMO_SCALE=1: 300 to 2,400).
    demoScale: process.env.DEMO_SCALE ? Number(process.env.DEMO_SCALE) : ephemeral ? 0.1 : 0.3,
  });
  try {
    await built;
  } catch (e) {
    await stack.stop();
    throw e;
  }
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    if (!ephemeral) console.log('\nStopping…');
    await stack.stop();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(0));
  if (ephemeral) {
    // Tests: stop with the parent (stdin closes when it goes away).
    process.stdin.on('end', () => void shutdown(0));
    process.stdin.resume();
    process.stdout.write(JSON.stringify({ ready: true, url: stack.url, sesUrl: stack.sesUrl, env: stack.env }) + '\n');
    return;
  }
  console.log(`
  Retailer audit dashboard is running.

    App and API:        ${stack.url}      (API under ${stack.url}/api)
    Sent-email viewer:  ${stack.sesUrl}
    Identity provider:  ${stack.idpUrl}   (single sign-on of Castellane Paris)
    SAML provider:      ${stack.samlIdpUrl}   (SAML single sign-on of Maison Aurelle, @maisonaurelle.example)
    Demo accounts:      admin@demo.test, brandadmin@demo.test, user@demo.test, newuser@demo.test
    Password:           Demo-2026!
    Single sign-on:     camille.roux@castellane.example at the identity provider, password ${IDP_DEMO_PASSWORD}
    SAML sign-on:       helene.morel@maisonaurelle.example at the SAML provider, password ${SAML_IDP_DEMO_PASSWORD}

  Ready in ${((Date.now() - started) / 1000).toFixed(0)} s. Press Ctrl-C to stop.`);
}

main().catch((e: unknown) => {
  if (e instanceof LocalStackError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
