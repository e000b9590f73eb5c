import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { routeIndex } from './web/vite.config.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Three projects: `unit` (pure code, infra assertions; no servers), `web` (the SPA's logic and
 * UI kit in jsdom, `@shared` resolved as in Vite) and `stack` (integration,
 * security and browser suites against ONE local stack started by test/setup/stack.ts per run).
 */
export default defineConfig({
  test: {
    // Two files at a time (vitest's default on 2 cores is one): a stack file waits on the stack,
    // the workflow or the browser for part of its time (at one file the machine was ~18 % idle),
    // and every file keeps to data of its own or reads the demo month without changing it.
    maxWorkers: 2,
    // The default output, then each tier's time (test/setup/tier-reporter.ts).
    reporters: ['default', './test/setup/tier-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/shared/**/*.test.ts', 'test/functions/**/*.test.ts', 'test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // The infra suites synthesize the stack in beforeAll: seconds alone, far more on a loaded machine.
          hookTimeout: 120_000,
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
      {
        resolve: { alias: { '@shared': path.join(root, 'shared') } },
        plugins: [routeIndex()],
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
          setupFiles: ['test/setup/jsdom.ts'],
          // Explicit (the default 5 s is passed by a file's first test on a loaded machine: its imports and jsdom start inside it).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/stack.ts'],
          testTimeout: 60_000,
          // The browser and the workflow run on a loaded 2-core machine: polls wait up to 10 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          hookTimeout: 120_000,
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        },
      },
    ],
  },
});
