/**
 * The web app's budget (issue 7 §5): builds the SPA, serves it with the local server (compressed
 * as CloudFront compresses), opens pages in Debian's Chromium and prints the built assets each
 * page loads, raw and gzip, against the goal (initial JS of /login ≤ 150 KB gzip), with the bytes
 * sent over the wire and the Largest Contentful Paint under Lighthouse's mobile throttling.
 *
 * Lighthouse itself runs in bench/lighthouse.ts (next in `npm run bench`); these are the figures it is built on.
 * The post-office list is opened with an admin session in storage and its API calls left
 * unanswered (no stack is started): its figures are the assets the screen loads, not its data.
 *
 *   npx tsx bench/web-budget.ts
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');

export const LOGIN_JS_GZIP_GOAL = 150 * 1024;

/** Lighthouse's default mobile throttling ("Slow 4G", CPU ×4). */
const THROTTLE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

interface Asset {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  /** Bytes on the wire (the body as the server sent it, compressed). */
  wire: number;
}

interface PageFigures {
  name: string;
  assets: Asset[];
  lcpMs: number | null;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (list: Asset[], k: 'raw' | 'gzip' | 'wire') => list.reduce((s, a) => s + a[k], 0);

/** Collects every built asset (/assets/*.js, *.css) the page requests, from now on. */
function recordAssets(page: Page): () => Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  page.on('requestfinished', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/assets/')) return;
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    pending.push(
      req.sizes().then((sizes) => {
        const bytes = readFileSync(path.join(dist, url.pathname));
        return { file: url.pathname.slice('/assets/'.length), kind, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, wire: sizes.responseBodySize };
      }),
    );
  });
  return async () => (await Promise.all(pending)).filter((a): a is Asset => a !== null);
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: THROTTLE.latency, downloadThroughput: THROTTLE.downloadThroughput, uploadThroughput: THROTTLE.uploadThroughput });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
}

function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        let last: number | null = null;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 500);
      }),
  );
}

function printPage(p: PageFigures, goal?: number): void {
  const js = p.assets.filter((a) => a.kind === 'js');
  const css = p.assets.filter((a) => a.kind === 'css');
  console.log(`\n${p.name}`);
  console.log(`  ${'asset'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'on the wire'.padStart(12)}`);
  for (const a of [...js, ...css].sort((x, y) => y.gzip - x.gzip)) console.log(`  ${a.file.padEnd(44)} ${kb(a.raw).padStart(10)} ${kb(a.gzip).padStart(10)} ${kb(a.wire).padStart(12)}`);
  console.log(`  ${'JS total'.padEnd(44)} ${kb(sum(js, 'raw')).padStart(10)} ${kb(sum(js, 'gzip')).padStart(10)} ${kb(sum(js, 'wire')).padStart(12)}`);
  console.log(`  ${'CSS total'.padEnd(44)} ${kb(sum(css, 'raw')).padStart(10)} ${kb(sum(css, 'gzip')).padStart(10)} ${kb(sum(css, 'wire')).padStart(12)}`);
  if (goal !== undefined) {
    const ok = sum(js, 'gzip') <= goal;
    console.log(`  initial JS gzip ${kb(sum(js, 'gzip'))} against the goal ≤ ${kb(goal)}: ${ok ? 'met' : 'NOT MET'}`);
  }
  console.log(`  LCP (Slow 4G, CPU ×${THROTTLE.cpu}): ${p.lcpMs === null ? 'n/a' : `${Math.round(p.lcpMs)} ms`} (Lighthouse scores LCP ≤ 2,500 ms as good)`);
}

export interface WebBudget {
  login: PageFigures;
  loginOnFocus: Asset[];
  postOffice: PageFigures;
}

export async function runWebBudget(opts: { build?: boolean } = {}): Promise<WebBudget> {
  console.log('\n== Web budget (issue 7 §5) ==');
  if (opts.build !== false) {
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'web', 'vite.config.ts'), logLevel: 'warn' });
  }
  const { createApiServer } = await import('../infra/local/api-server');
  const server: http.Server = createApiServer({ root, webDist: dist });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // /login, as a first visit.
    const loginCtx = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 } });
    const page = await loginCtx.newPage();
    await throttle(page);
    const loginAssets = recordAssets(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    const login: PageFigures = { name: '/login (first visit)', assets: await loginAssets(), lcpMs: await largestContentfulPaint(page) };
    // What loads once the user starts on the form (validation and the API client).
    const seen = new Set(login.assets.map((a) => a.file));
    const afterFocus = recordAssets(page);
    const firstLoad = page.waitForEvent('requestfinished', { predicate: (r) => r.url().endsWith('.js'), timeout: 10_000 }).catch(() => null);
    await page.getByLabel('Email').focus();
    await firstLoad;
    await page.waitForTimeout(1500);
    const loginOnFocus = (await afterFocus()).filter((a) => !seen.has(a.file));
    await loginCtx.close();

    // The post-office list, as an admin opening it directly.
    const poCtx = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 860 } });
    const po = await poCtx.newPage();
    await po.route('**/api/**', (route) => route.abort());
    await po.goto('/register');
    await po.evaluate((raw) => localStorage.setItem('auth', raw), JSON.stringify(fakeAdminSession()));
    await throttle(po);
    const poAssets = recordAssets(po);
    await po.goto('/admin/post-office', { waitUntil: 'networkidle' });
    await po.getByRole('heading', { name: 'Post Office' }).waitFor();
    const postOffice: PageFigures = { name: '/admin/post-office (first visit, API calls unanswered)', assets: await poAssets(), lcpMs: await largestContentfulPaint(po) };
    await poCtx.close();

    printPage(login, LOGIN_JS_GZIP_GOAL);
    console.log(`  loaded on first focus of the form: ${loginOnFocus.map((a) => a.file).join(', ') || 'nothing'} (${kb(sum(loginOnFocus, 'gzip'))} gzip)`);
    printPage(postOffice);
    return { login, loginOnFocus, postOffice };
  } finally {
    await browser.close();
    server.close();
  }
}

/** A session the guards accept (the API is not called with it). */
function fakeAdminSession() {
  return {
    token: 'bench',
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    user: { _id: 'bench-admin', name: 'Bench Admin', firstname: 'Bench', lastname: 'Admin', email: 'bench@demo.test', roles: [{ name: 'ADMIN' }], brand: null, policyFlag: false },
    actingBrand: null,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runWebBudget();
