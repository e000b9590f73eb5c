/**
 * `npm start`: build the web app when its sources changed, start the local stack with the data
 * kept under `.data/`, print the addresses, and stop every child on Ctrl-C.
 * `--ephemeral` (tests): in-memory DynamoDB, free ports, prints one JSON line when ready.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertJava, LocalStackError } from './emulators';
import { IDP_DEMO_PASSWORD } from './oidc-idp-clients';
import { SAML_IDP_DEMO_PASSWORD } from './saml-idp-people';
import { startLocalStack } from './stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ephemeral = process.argv.includes('--ephemeral');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  const index = path.join(root, 'web', 'dist', 'index.html');
  const sources = [path.join(root, 'web'), path.join(root, 'shared')].filter(existsSync);
  const srcTime = Math.max(...sources.map((d) => newestMtime(d === path.join(root, 'web') ? path.join(d, 'src') : d)), statSync(path.join(root, 'web', 'index.html')).mtimeMs, statSync(path.join(root, 'web', 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= srcTime) return;
  console.log('Building the web app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(root, 'web', 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function main() {
  // A missing Java runtime is said before anything slow happens.
  assertJava();
  buildWebIfStale();
  const stack = await startLocalStack({
    root,
    dataDir: ephemeral ? undefined : path.join(root, '.data'),
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    log: ephemeral ? undefined : (m) => console.log(m),
    // Tests run on a small demo month (fast to seed); `npm start` on the full one.
    demoScale: process.env.DEMO_SCALE ? Number(process.env.DEMO_SCALE) : ephemeral ? 0.1 : 1,
  });
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

  Press Ctrl-C to stop.`);
}

main().catch((e: unknown) => {
  if (e instanceof LocalStackError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
