/**
 * `npm run dns -- set <name> <value>`: publish a TXT record in the running local stack's DNS server
 * `npm run dns -- rm <name> [value]`: remove it (without a value: every value of the name)
 * `npm run dns -- list`
 * The local stand-in for a brand's DNS provider (issue 36): Settings › Single sign-on shows each
 * domain's TXT record; publish it here, then "Check now". The server's control address is read
 * from `.data/local-env.json` (written by `npm start`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_ENV_FILE } from './stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const usage = `Usage: npm run dns -- set <name> <value>
       npm run dns -- rm <name> [value]
       npm run dns -- list`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, name, value] = process.argv.slice(2);
  if (!command || !['set', 'rm', 'list'].includes(command) || (command !== 'list' && !name) || (command === 'set' && !value)) fail(usage);
  const file = process.env.LOCAL_STACK_ENV ?? path.join(root, '.data', LOCAL_ENV_FILE);
  if (!existsSync(file)) fail(`No local stack found (${path.relative(process.cwd(), file)} is missing): start it with \`npm start\` in another terminal, then run this again.`);
  const control = (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env.LOCAL_DNS_CONTROL;
  if (!control) fail('The running local stack has no DNS server: restart `npm start` with this checkout.');
  const res = await fetch(`${control}/records`, {
    method: command === 'set' ? 'POST' : command === 'rm' ? 'DELETE' : 'GET',
    ...(command === 'list' ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) }),
  }).catch((e: unknown) => fail(`The local DNS server does not answer at ${control} (${(e as Error).message}): is \`npm start\` running?`));
  const out = (await res.json()) as Record<string, unknown>;
  if (!res.ok) fail(String(out.message ?? res.status));
  if (command === 'list') for (const [n, values] of Object.entries(out)) console.log(`${n} TXT ${(values as string[]).map((v) => JSON.stringify(v)).join(' ')}`);
  else console.log(`${out.name} TXT ${((out.values as string[]) ?? []).map((v) => JSON.stringify(v)).join(' ') || '(none)'}`);
}

void main();
