/**
 * Lighthouse on /login and the post-office list (issue 7 §5): performance ≥ 95 with the mobile and
 * the desktop presets, and the budget of /login's initial JS (≤ 150 KB gzip).
 *
 * Builds the web for production, starts the local stack the way the tests do (`infra/local/start.ts
 * --ephemeral`: emulators, demo data, the one-origin server that compresses and sets cache headers
 * as CloudFront and S3 do) or uses one already running (`--url http://localhost:3000`), then for
 * each page and preset runs Lighthouse's performance category `--runs` times (default 3), each in a
 * fresh Chromium (Debian's, nothing downloaded), and prints the median score with the goal, LCP,
 * TBT, CLS and the JS transferred; then the accessibility category once per page.
 *
 * The post-office list needs a session: the bench signs the admin in through POST /api/login and
 * puts the session where the app keeps it (localStorage `auth`, as after a login), then clears the
 * browser cache and audits with Lighthouse's storage reset off, so the run is a first visit of a
 * signed-in admin.
 *
 *   npx tsx bench/lighthouse.ts                      # ~4 minutes (+ the stack's start)
 *   npx tsx bench/lighthouse.ts --runs 1 --no-build  # quicker
 *   npx tsx bench/lighthouse.ts --url http://localhost:3000   # against `npm start`
 *   npm run bench -- lighthouse                      # this part of npm run bench alone
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const PERFORMANCE_GOAL = 95;
export const LOGIN_JS_GZIP_GOAL = 150 * 1024;

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN = { email: 'admin@demo.test', password: 'Demo-2026!' };

type Preset = 'mobile' | 'desktop';

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

const TARGETS: Target[] = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'post-office list (/admin/post-office, admin)', path: '/admin/post-office', signedIn: true },
];

export interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** JS bytes on the wire (compressed) and the JS files' size once decoded. */
  jsTransferred: number;
  jsResource: number;
  /** The same built files gzipped (level 9), as the budget counts them. */
  jsGzip: number;
  totalTransferred: number;
  /** Lighthouse's measure of the machine's speed at the run (higher is faster; its mobile CPU ×4 assumes a fast desktop, ~1,500+). */
  benchmarkIndex: number;
  /** What Lighthouse blames: failing opportunities and diagnostics, by title. */
  blamed: string[];
}

export interface LighthouseOptions {
  runs?: number;
  build?: boolean;
  url?: string;
  /** Folder for the median runs' JSON reports (the full Lighthouse result). */
  reportDir?: string;
  presets?: Preset[];
  /** Only the pages whose path contains this text. */
  page?: string;
  accessibility?: boolean;
}

function parseArgs(argv: string[]): LighthouseOptions {
  const opts: LighthouseOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--no-build') opts.build = false;
    else if (a === '--url') opts.url = argv[++i];
    else if (a === '--report-dir') opts.reportDir = argv[++i];
    else if (a === '--preset') opts.presets = [argv[++i] as Preset];
    else if (a === '--page') opts.page = argv[++i];
    else if (a === '--no-a11y') opts.accessibility = false;
  }
  return opts;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The local stack as the tests start it; resolves with its address once it says it is ready. */
async function startStack(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/local/start.ts', '--ephemeral'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'error' },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`local stack did not start in 300 s\n${stderr}`)), 300_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}\n${stderr}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const t = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
      child.once('exit', () => (clearTimeout(t), resolve()));
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** The session the app stores after a login (web/src/lib/session.ts). */
async function adminSession(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`login ${ADMIN.email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; expiresAt: string; user: unknown };
  return JSON.stringify({ token: body.token, expiresAt: body.expiresAt, user: body.user, actingBrand: null });
}

/** One Lighthouse run in a fresh Chromium. */
async function audit(base: string, target: Target, preset: Preset, category: 'performance' | 'accessibility', session: string | null): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      if (session) {
        // Put the session in storage from a page of the app's origin, then forget what that visit cached.
        await page.goto(`${base}/register`, { waitUntil: 'load' });
        await page.evaluate((raw) => {
          localStorage.setItem('auth', raw);
          sessionStorage.setItem('auth', raw);
        }, session);
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await page.goto('about:blank');
      }
      const flags: Flags = { onlyCategories: [category], output: 'json', logLevel: 'error', disableStorageReset: session !== null };
      const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
      const result = await lighthouse(`${base}${target.path}`, flags, config, page);
      if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // A signed-in page that bounced to /login would be measuring the wrong screen.
      if (session && new URL(lhr.finalDisplayedUrl).pathname !== target.path) throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}: the session was not taken`);
      return lhr;
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

const gzipSizes = new Map<string, number>();
/** gzip size of a built file the page loaded (web/dist), as web-budget.ts counts it. */
function gzipSize(url: string): number {
  const file = path.join(root, 'web', 'dist', new URL(url).pathname);
  if (!existsSync(file)) return NaN;
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipSizes.get(file)!;
}

function figures(lhr: Result): RunFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = ((lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? []);
  const js = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number; resourceSize?: number }[] } | undefined)?.items?.filter((r) => r.resourceType === 'Script') ?? [];
  const blamed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.details?.type === 'table' || a.details?.type === 'list') && a.scoreDisplayMode !== 'informative')
    .map((a) => a.title);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    jsTransferred: js.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    jsResource: js.reduce((s, r) => s + (r.resourceSize ?? 0), 0),
    jsGzip: js.reduce((s, r) => s + gzipSize(r.url), 0),
    totalTransferred: items.find((i) => i.resourceType === 'total')?.transferSize ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    blamed,
  };
}

export interface LighthouseSummary {
  target: string;
  preset: Preset;
  runs: RunFigures[];
  median: { score: number; lcpMs: number; tbtMs: number; cls: number; jsTransferred: number; jsGzip: number };
}

export async function runLighthouse(options: LighthouseOptions = {}): Promise<{ performance: LighthouseSummary[]; accessibility: { target: string; score: number; failing: string[] }[] }> {
  const runs = options.runs ?? 3;
  const presets = options.presets ?? ['mobile', 'desktop'];
  const targets = TARGETS.filter((t) => !options.page || t.path.includes(options.page));
  console.log(`\n== Lighthouse (issue 7 §5): performance ≥ ${PERFORMANCE_GOAL}, ${runs} run(s) per page and preset, median ==`);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (options.build !== false && !options.url) {
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'web', 'vite.config.ts'), logLevel: 'warn' });
  }
  const stack = options.url ? { url: options.url.replace(/\/$/, ''), stop: async () => undefined } : await startStack();
  const base = stack.url.replace('localhost', '127.0.0.1');
  console.log(`stack ${base}${options.url ? ' (already running)' : ''}`);
  const performance: LighthouseSummary[] = [];
  const accessibility: { target: string; score: number; failing: string[] }[] = [];
  try {
    const session = await adminSession(base);
    for (const target of targets) {
      for (const preset of presets) {
        const list: RunFigures[] = [];
        const lhrs: Result[] = [];
        for (let i = 0; i < runs; i++) {
          const lhr = await audit(base, target, preset, 'performance', target.signedIn ? session : null);
          lhrs.push(lhr);
          list.push(figures(lhr));
        }
        const m = {
          score: median(list.map((r) => r.score)),
          lcpMs: median(list.map((r) => r.lcpMs)),
          tbtMs: median(list.map((r) => r.tbtMs)),
          cls: median(list.map((r) => r.cls)),
          jsTransferred: median(list.map((r) => r.jsTransferred)),
          jsGzip: median(list.map((r) => r.jsGzip)),
        };
        const medianLhr = lhrs[list.findIndex((r) => r.score === m.score)] ?? lhrs[0];
        if (options.reportDir && medianLhr) {
          mkdirSync(options.reportDir, { recursive: true });
          writeFileSync(path.join(options.reportDir, `${target.path.replace(/\W+/g, '_').replace(/^_/, '')}-${preset}.json`), JSON.stringify(medianLhr));
        }
        performance.push({ target: target.name, preset, runs: list, median: m });
        printSummary(target, preset, list, m);
      }
    }
    for (const target of options.accessibility === false ? [] : targets) {
      const lhr = await audit(base, target, 'desktop', 'accessibility', target.signedIn ? session : null);
      const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      accessibility.push({ target: target.name, score, failing });
      console.log(`\naccessibility ${target.name}: ${score}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`);
    }
  } finally {
    await stack.stop();
  }
  return { performance, accessibility };
}

function printSummary(target: Target, preset: Preset, list: RunFigures[], m: LighthouseSummary['median']): void {
  const ok = m.score >= PERFORMANCE_GOAL;
  console.log(`\n${target.name}, ${preset}: performance ${m.score} (runs ${list.map((r) => r.score).join(', ')}) against the goal ≥ ${PERFORMANCE_GOAL}: ${ok ? 'met' : 'NOT MET'}`);
  console.log(`  LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}, FCP ${Math.round(median(list.map((r) => r.fcpMs)))} ms; benchmark index ${list.map((r) => Math.round(r.benchmarkIndex)).join(', ')}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  JS transferred ${kb(m.jsTransferred)} (${kb(median(list.map((r) => r.jsResource)))} decoded), all transferred ${kb(median(list.map((r) => r.totalTransferred)))}`);
  if (target.path === '/login') {
    const within = m.jsGzip <= LOGIN_JS_GZIP_GOAL;
    console.log(`  initial JS of /login ${kb(m.jsGzip)} gzip (${kb(m.jsTransferred)} on the wire) against the budget ≤ ${kb(LOGIN_JS_GZIP_GOAL)} gzip: ${within ? 'met' : 'NOT MET'}`);
  }
  const blamed = [...new Set(list.flatMap((r) => r.blamed))];
  if (blamed.length) console.log(`  Lighthouse flags: ${blamed.join('; ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runLighthouse(parseArgs(process.argv.slice(2)));
  process.exit(0);
}
