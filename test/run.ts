/**
 * `npm test`: every tier, stopping at the first that fails: type-check and lint side by side (each
 * keeps one of the two cores busy; their output is printed when each ends), then the vitest
 * projects (unit, web and the stack's integration, security and browser suites), and at the end
 * the time each took (test/setup/tier-reporter.ts). Arguments go to vitest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeTier, type TierTime } from './setup/tier-reporter';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg: string, file: string) => path.join(root, 'node_modules', pkg, file);
const dir = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
const timesFile = path.join(dir, 'tiers.json');
const times: TierTime[] = [];

function tier(name: string, script: string, args: string[], env: Record<string, string> = {}): void {
  const start = performance.now();
  const res = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  times.push({ tier: name, seconds: (performance.now() - start) / 1000 });
  if (res.status !== 0) finish(res.status ?? 1, name);
}

function finish(code: number, failed?: string): never {
  try {
    times.push(...(JSON.parse(readFileSync(timesFile, 'utf8')) as TierTime[]));
  } catch {
    // vitest did not get to the end
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`\nnpm test ${failed ? `FAILED at ${failed}` : 'passed'}. Times: ${times.map(describeTier).join(', ')}`);
  process.exit(code);
}

/** A tier run beside others: its output kept and printed when it ends; resolves to its exit code. */
function sideBySide(name: string, script: string, args: string[]): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) => {
      times.push({ tier: name, seconds: (performance.now() - start) / 1000 });
      const text = Buffer.concat(out).toString();
      console.log(`${name}: ${code === 0 ? 'passed' : 'FAILED'}${text.trim() ? `\n${text}` : ''}`);
      resolve(code ?? 1);
    });
  });
}

const [typeCheck, lint] = await Promise.all([sideBySide('type-check', bin('typescript', 'bin/tsc'), ['-p', 'tsconfig.json', '--noEmit']), sideBySide('lint', bin('eslint', 'bin/eslint.js'), ['.'])]);
if (typeCheck !== 0) finish(typeCheck, 'type-check');
if (lint !== 0) finish(lint, 'lint');
tier('vitest', bin('vitest', 'vitest.mjs'), ['run', ...process.argv.slice(2)], { TIER_TIMES_FILE: timesFile });
finish(0);
