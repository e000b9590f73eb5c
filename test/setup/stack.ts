/**
 * Starts ONE local stack (the same `infra/local/start.ts` as `npm start`, in --ephemeral mode:
 * in-memory DynamoDB Local, s3rver in a temp folder, SES emulator, free ports) for the whole
 * run, and hands its address to the tests through `inject('stack')`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { serveAxe } from '../support/axe-server';
import { DEMO_PASSWORD } from '../support/api';
import { CHROMIUM_OPTIONS } from '../support/chromium';
import { secureDemoAdmin, type DemoAdmin } from './demo-admin';

export interface StackInfo {
  url: string;
  sesUrl: string;
  env: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** admin@demo.test with two-step sign-in on (./demo-admin.ts): the support signs its sessions. */
    demoAdmin: DemoAdmin;
    /** The run's one Chromium (test/support/browser.ts connects to it). */
    browserWsEndpoint: string;
    /** axe-core's address for the screen audits (test/support/axe-server.ts). */
    axeUrl: string;
    /** Where the screen audits keep axe's findings by screen key for the whole run (test/support/browser.ts). */
    auditCacheDir: string;
  }
}

/**
 * Requests per address per window to /login, /register and /forgotPassword on the test stack: every
 * suite calls them from 127.0.0.1, far more often than a person would (production: AUTH.addressLimit).
 */
export const TEST_ACCOUNT_ROUTE_LIMIT = 1000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let child: ChildProcess | undefined;
let browserServer: BrowserServer | undefined;
let axeServer: Awaited<ReturnType<typeof serveAxe>> | undefined;
let auditCacheDir: string | undefined;

export async function setup(project: TestProject) {
  const started = performance.now();
  child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/local/start.ts', '--ephemeral'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      FAULT_INJECTION: '1',
      // Requests may name their time (header x-test-request-time): the throttle suites pick windows of their own (infra/local/api-server.ts).
      LOCAL_TEST_CLOCK: '1',
      ACCOUNT_ROUTE_LIMIT: String(TEST_ACCOUNT_ROUTE_LIMIT),
      // The local identity provider's test-only clients and accounts hook (infra/local/oidc-idp.ts).
      LOCAL_IDP_TEST_HOOKS: '1',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (process.env.STACK_LOGS) process.stderr.write(d);
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`local stack did not start in 300 s\n${stderr}`)), 300_000);
    child!.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      for (const line of buf.split('\n')) {
        if (line.startsWith('{"ready"')) {
          clearTimeout(timer);
          resolve(JSON.parse(line) as StackInfo);
        }
      }
      if (process.env.STACK_LOGS) process.stdout.write(d);
    });
    child!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}\n${stderr}`));
    });
  });
  project.provide('stack', info);
  project.provide('demoAdmin', await secureDemoAdmin(info.url, DEMO_PASSWORD));
  // One Chromium for every browser file of the run (each file connects; each test has its own context).
  browserServer = await chromium.launchServer(CHROMIUM_OPTIONS);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  axeServer = await serveAxe();
  project.provide('axeUrl', axeServer.url);
  auditCacheDir = mkdtempSync(path.join(tmpdir(), 'e2e-audits-'));
  project.provide('auditCacheDir', auditCacheDir);
  // For the tier times printed at the end (test/setup/tier-reporter.ts runs in this process).
  process.env.STACK_START_MS = String(performance.now() - started);
}

export async function teardown() {
  await browserServer?.close().catch(() => undefined);
  await axeServer?.close();
  if (auditCacheDir) rmSync(auditCacheDir, { recursive: true, force: true });
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => (child!.kill('SIGKILL'), resolve()), 10_000);
    child!.once('exit', () => (clearTimeout(t), resolve()));
    child!.kill('SIGTERM');
  });
}
