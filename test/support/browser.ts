/**
 * Browser helpers for the e2e suite: one Chromium per run (Debian's, through playwright-core,
 * launched by test/setup/stack.ts; each file connects to it), a clean tab per test (a closed tab
 * is wiped and kept for the file's next test: see `openTab`), sign-in through the UI or straight into storage,
 * throw-away accounts for flows that change an account, screenshots under /tmp/screens, and an
 * audit of every screen a test visits: axe-core (a serious or critical violation fails the test)
 * and the width of a 390 px phone (a screen wider than that fails it; test/support/phone-width.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { asSession, callRoute, DEMO_PASSWORD, demoAdminSession, isDemoAdminLogin, sentEmails, stack } from './api';
import { copyScreen, describeWidthProblem, PHONE, phoneWidthOf, type WidthProblem } from './phone-width';
import { SCREEN_KEY_SCRIPT } from './screen-key';
import { afterAll, beforeAll, inject } from 'vitest';
import { MFA_UI } from '../../shared/messages/mfa';

export const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';
/**
 * Whether `screenshot` saves pictures (SCREENS=1, or a SCREENS_DIR given): to look at what was
 * built. Without it the screen is still laid out at the phone's width and checked, only no PNG
 * is encoded (a full-page picture costs a loaded run about as much as the check).
 */
const SAVE_SCREENS = process.env.SCREENS === '1' || !!process.env.SCREENS_DIR;

/**
 * A connection to the run's one Chromium (launched by test/setup/stack.ts): each file connects
 * instead of launching its own; closing it disconnects (the contexts it opened close with it).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** The audits of the screens this tab showed: its page's first, then those of any page the test opened in its context. */
  audits: ScreenAudit[];
}


export interface A11yViolation {
  path: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The audit of each page a tab opened (`screenshot` checks the width of what it saves). */
const audits = new WeakMap<Page, ScreenAudit>();

/**
 * What axe found on each screen audited in this run, by the screen's structure (its key:
 * test/support/screen-key.ts, with the window's size): a screen shown again with the same
 * structure (the same list reopened by a later test or file, with other rows) is not read by axe
 * again; its findings count again where it shows. Kept in this process and, for the other files
 * of the run, as one JSON file per key in the run's audit folder (test/setup/stack.ts).
 */
type Findings = { id: string; impact: string; help: string; targets: string[] }[];
const axeByScreen = new Map<string, Findings>();
function knownFindings(key: string): Findings | undefined {
  const mine = axeByScreen.get(key);
  if (mine) return mine;
  try {
    const shared = JSON.parse(readFileSync(path.join(inject('auditCacheDir'), `${key}.json`), 'utf8')) as Findings;
    axeByScreen.set(key, shared);
    return shared;
  } catch {
    return undefined; // not read yet in this run
  }
}
function rememberFindings(key: string, list: Findings): void {
  axeByScreen.set(key, list);
  const file = path.join(inject('auditCacheDir'), `${key}.json`);
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(list));
  renameSync(`${file}.${process.pid}.tmp`, file);
}
/** The same for the phone's layout, by a digest of the copied screen (DOM and CSS). */
const widthByCopy = new Map<string, Promise<WidthProblem | undefined>>();
const digest = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * Every screen a page shows is audited: after each navigation (a load or a client-side route
 * change) and once more at the end of the test, axe-core (loaded from its cached address, test/support/axe-server.ts) reads the
 * settled screen, then the same screen is laid out at a 390 px phone's width
 * (test/support/phone-width.ts); each `screenshot` is laid out at that width too (a modal, a
 * tab, a filled form). Serious and critical violations and screens wider than the phone are kept
 * for `assertAccessible`.
 */
export class ScreenAudit {
  readonly violations: A11yViolation[] = [];
  readonly tooWide: WidthProblem[] = [];
  /** Failures of the phone-width layout itself (never of the screen): reported, so a broken check cannot pass silently. */
  readonly failures: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** The audit queued and not started yet, if any. */
  private waiting: Promise<void> | undefined;
  private layouts: Promise<void>[] = [];
  /** The last copy laid out at the phone's width: the same screen again is not laid out twice. */
  private lastCopy = '';
  /** Set when the test's tab is closed (its page may serve the next test: nothing more is audited here). */
  private stopped = false;
  constructor(private readonly page: Page) {
    audits.set(page, this);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule();
    });
  }

  /** No more audits for this test (a kept tab's listeners are removed with the test's own: `keep`). */
  stop(): void {
    this.stopped = true;
  }

  /** Audits the screen shown once the pending audits are done. */
  schedule(): Promise<void> {
    // Navigations while an audit runs (a load, then the app's own redirects and query updates)
    // share one queued audit: it reads the screen shown when it starts, which is all a second
    // one queued behind it could read too.
    if (this.waiting) return this.waiting;
    const next = this.queue
      .then(() => {
        this.waiting = undefined;
        return this.run();
      })
      .catch(() => undefined);
    this.waiting = next;
    this.queue = next;
    return next;
  }

  private async run(): Promise<void> {
    const page = this.page;
    if (page.isClosed() || this.stopped || isParked(page)) return;
    try {
      await page.waitForLoadState('load');
      await page.waitForFunction(() => !!document.querySelector('#root > *'), undefined, { timeout: 5_000 });
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: inject('axeUrl') });
      if (!(await page.evaluate(() => '__e2eScreenKey' in window))) await page.evaluate(SCREEN_KEY_SCRIPT);
      // The settled screen: no animation or transition running (a modal rising, a list fading while
      // it reloads), nothing aria-busy. Its key says whether axe has read it already.
      const screen = await page.evaluate(async () => {
        for (let i = 0; i < 50; i++) {
          if (document.getAnimations().every((a) => a.playState !== 'running') && !document.querySelector('[aria-busy="true"]')) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        return { path: location.pathname + location.search, hash: await (window as unknown as { __e2eScreenKey: () => Promise<string> }).__e2eScreenKey() };
      });
      const known = knownFindings(screen.hash);
      const found = known
        ? { path: screen.path, list: known, hash: screen.hash }
        : await page.evaluate(async () => {
            const axe = (window as unknown as { axe: any }).axe;
            const settled = async () => {
              for (let i = 0; i < 50; i++) {
                if (document.getAnimations().every((a) => a.playState !== 'running') && !document.querySelector('[aria-busy="true"]')) return;
                await new Promise((r) => setTimeout(r, 100));
              }
            };
            // Only the rules that can find a serious or critical violation (the only ones kept):
            // a rule's impact is its own or the highest of its checks' (axe's rule and check
            // metadata); the other quarter of the default rules (region, landmarks, heading
            // order...) can only be moderate or minor. Without that metadata, every rule runs.
            const rank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
            const rules: Record<string, { enabled: false }> = {};
            for (const rule of axe._audit?.rules ?? []) {
              const checks = [...(rule.any ?? []), ...(rule.all ?? []), ...(rule.none ?? [])].map((c: any) => (typeof c === 'string' ? c : c.id));
              const impacts = [rule.impact, ...checks.map((id: string) => axe._audit.data?.checks?.[id]?.impact)].filter(Boolean);
              if (impacts.length && Math.max(...impacts.map((i: string) => rank[i] ?? 4)) < rank.serious!) rules[rule.id] = { enabled: false };
            }
            // No change while axe reads it, else it reads it again.
            let res: any;
            let changed = false;
            for (let attempt = 0; attempt < 3; attempt++) {
              await settled();
              changed = false;
              const observer = new MutationObserver(() => (changed = true));
              observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'aria-busy', 'hidden'] });
              res = await axe.run(document, { resultTypes: ['violations'], rules });
              observer.disconnect();
              if (!changed) break;
            }
            // The key of what axe read (none when it kept changing: not reused).
            const hash = changed ? '' : await (window as unknown as { __e2eScreenKey: () => Promise<string> }).__e2eScreenKey();
            return {
              path: location.pathname + location.search,
              hash,
              list: (res.violations as any[])
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => ({ id: v.id as string, impact: v.impact as string, help: v.help as string, targets: (v.nodes as any[]).slice(0, 5).map((n) => String(n.target)) })),
            };
          });
      if (!known && found.hash) rememberFindings(found.hash, found.list);
      for (const v of found.list) this.violations.push({ path: found.path, ...v });
      await this.checkWidth();
    } catch {
      // The screen was left (or the tab closed) while it was audited: the next screen is audited anyway.
    }
  }

  /**
   * Copies the screen shown now and lays it out at the phone's width (after this returns; see
   * `settled`); with `screenshotPath`, the phone's view is saved there.
   */
  async checkWidth(screenshotPath?: string): Promise<void> {
    const browser = this.page.context().browser();
    if (!browser || this.page.isClosed()) return;
    let copy;
    try {
      copy = await copyScreen(this.page);
    } catch {
      return; // the page navigated or closed meanwhile: its next screen is checked
    }
    if (copy.html === this.lastCopy && !screenshotPath) return;
    this.lastCopy = copy.html;
    // A copy laid out already in this process (the same screen, the same CSS) has its answer; a saved picture is always laid out.
    const key = digest(copy.html);
    let width = screenshotPath ? undefined : widthByCopy.get(key);
    if (!width) {
      width = phoneWidthOf(browser, copy, screenshotPath);
      widthByCopy.set(key, width);
      width.catch(() => widthByCopy.delete(key)); // a layout that failed is tried again next time
    }
    this.layouts.push(
      width.then(
        (wide) => void (wide && this.tooWide.push({ ...wide, path: copy.path })),
        (e: unknown) => void this.failures.push(`${copy.path}: the 390 px layout failed: ${String(e)}`),
      ),
    );
  }

  /** Audits the screen shown now; resolves when every audit and layout of this page is done. */
  async settled(): Promise<void> {
    await this.schedule();
    await Promise.all(this.layouts);
  }

  /** The problems found, one line each (the same one found again on a screen counted once). */
  problems(): { a11y: string[]; width: string[] } {
    const once = (lines: string[]) => [...new Set(lines)];
    return {
      a11y: once(this.violations.map((v) => `${v.path}: [${v.impact}] ${v.id}: ${v.help} (${v.targets.join(' | ')})`)),
      width: once([...this.tooWide.map(describeWidthProblem), ...this.failures]),
    };
  }
}

/**
 * Audits the screens shown now and fails on any serious or critical accessibility violation, or
 * any screen wider than a 390 px phone, found in the tab (on any of its pages).
 */
export async function assertAccessible(t: Tab): Promise<void> {
  await Promise.all(t.audits.map((a) => a.settled()));
  const a11y = t.audits.flatMap((a) => a.problems().a11y);
  const width = t.audits.flatMap((a) => a.problems().width);
  const parts = [
    ...(a11y.length ? [`axe-core found serious or critical accessibility violations:\n${a11y.join('\n')}`] : []),
    ...(width.length ? [`screens wider than a 390 px phone (they scroll sideways):\n${width.join('\n')}`] : []),
  ];
  if (parts.length) throw new Error(parts.join('\n'));
}

/**
 * Where a kept tab waits between tests, and where `withSession` writes a session: a page of the
 * stack's origin without the app (the local API's answer to an unknown path), so its storage
 * can be written and wiped without starting the SPA.
 */
const PARKING_PATH = '/api/e2e-parked-tab';
const isParked = (page: Page) => {
  try {
    return new URL(page.url()).pathname === PARKING_PATH;
  } catch {
    return false;
  }
};

/** The audits of the test now using a context (stopped when its tab is closed). */
const tabAudits = new WeakMap<BrowserContext, ScreenAudit[]>();
/** Closed tabs of this file's connection, wiped, waiting for its next test. */
const keptTabs = new WeakMap<Browser, { context: BrowserContext; page: Page }[]>();
/** The events a test (or an audit) may listen to; removed when its tab is kept (not `close`, which Playwright itself listens to). */
const PAGE_EVENTS = ['framenavigated', 'dialog', 'console', 'pageerror', 'request', 'requestfinished', 'requestfailed', 'response', 'download', 'popup', 'load', 'domcontentloaded', 'filechooser', 'websocket', 'worker', 'frameattached', 'framedetached'] as const;
const CONTEXT_EVENTS = ['page', 'request', 'requestfinished', 'requestfailed', 'response', 'console', 'dialog', 'weberror'] as const;

/**
 * A tab for one test: a context of its own (storage, cookies) with one page. Closing it
 * (`t.context.close()`) wipes it (other pages closed, routes and listeners removed, cookies,
 * permissions, local and session storage cleared, the app unloaded) and keeps it for the file's
 * next test: a new context costs a new renderer process and a cold start of the SPA's scripts,
 * about a second of a loaded 2-core machine per test. What the next test sees is what a new
 * context shows (test/e2e/harness.test.ts), except the browser's cache of the app's hashed,
 * immutable assets. A tab that cannot be wiped is closed for good.
 */
export async function openTab(browser: Browser, viewport = { width: 1366, height: 860 }): Promise<Tab> {
  const kept = keptTabs.get(browser)?.pop();
  const { context, page } = kept ?? (await newTab(browser, viewport));
  if (kept) {
    const now = page.viewportSize();
    if (now?.width !== viewport.width || now.height !== viewport.height) await page.setViewportSize(viewport);
  }
  page.setDefaultTimeout(10_000);
  const audits = [new ScreenAudit(page)];
  // A page the test opens beside it (a link followed in a new tab) is audited too.
  context.on('page', (p) => p !== page && audits.push(new ScreenAudit(p)));
  tabAudits.set(context, audits);
  return { context, page, audits };
}

async function newTab(browser: Browser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack().url, viewport });
  const page = await context.newPage();
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (!(await keep(browser, context, page))) await close(options);
  };
  return { context, page };
}

/** Wipes a closed test's tab and keeps it; false when it cannot be (then it is closed). */
async function keep(browser: Browser, context: BrowserContext, page: Page): Promise<boolean> {
  for (const audit of tabAudits.get(context) ?? []) audit.stop();
  tabAudits.delete(context);
  try {
    for (const type of CONTEXT_EVENTS) context.removeAllListeners(type);
    for (const p of context.pages()) if (p !== page) await p.close();
    if (page.isClosed()) return false;
    for (const type of PAGE_EVENTS) page.removeAllListeners(type);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // Unload the app (its timers and requests stop), then wipe what it stored.
    await page.goto(PARKING_PATH, { timeout: 10_000 });
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      for (const db of await indexedDB.databases()) if (db.name) indexedDB.deleteDatabase(db.name);
    });
    await context.clearCookies();
    await context.clearPermissions();
    const list = keptTabs.get(browser) ?? [];
    keptTabs.set(browser, list);
    list.push({ context, page });
    return true;
  } catch {
    return false;
  }
}

/** The path and query of the page, for URL assertions. */
export function here(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** Waits until the page's path and query are `pathAndQuery`; on a timeout, the error says where the page is instead (and where it went meanwhile). */
export async function waitForPath(page: Page, pathAndQuery: string | RegExp): Promise<void> {
  const seen: string[] = [];
  await page
    .waitForURL((u) => {
      const p = u.pathname + u.search;
      if (seen.at(-1) !== p) seen.push(p);
      return typeof pathAndQuery === 'string' ? p === pathAndQuery : pathAndQuery.test(p);
    })
    .catch((e: Error) => {
      throw new Error(`${e.message}\nwaited for ${String(pathAndQuery)}; the page is at ${here(page)} (seen meanwhile: ${seen.join(' → ') || 'none'})`, { cause: e });
    });
  // React Router 7 renders a navigation in a transition, after the URL has changed: give it two frames.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))).catch(() => undefined); // a page that navigated away meanwhile has nothing to wait for
}

/**
 * Log in through the login form (on /login unless `from` says otherwise); `code`: the user has
 * two-step sign-in on, and its app's next code answers the second step.
 */
export async function loginInUi(page: Page, email: string, password = DEMO_PASSWORD, from = '/login', code?: () => Promise<string>): Promise<void> {
  if (from) await page.goto(from);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (!code) return;
  await page.getByLabel(MFA_UI.codeLabel).fill(await code());
  await page.getByRole('button', { name: MFA_UI.verify }).click();
}

export interface ApiSession {
  token: string;
  expiresAt: string;
  user: any;
  actingBrand?: unknown;
}

export async function apiSession(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  if (isDemoAdminLogin(email, password)) return { ...(await demoAdminSession()), actingBrand: null };
  const res = await callRoute('login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const s = asSession(res.body);
  return { token: s.token, expiresAt: s.expiresAt, user: s.user, actingBrand: null };
}

/** Put a session into the app's storage (as a login would), then open `target`. */
export async function withSession(page: Page, session: ApiSession, target: string): Promise<void> {
  if (!isParked(page)) await page.goto(PARKING_PATH);
  await page.evaluate((raw) => {
    localStorage.setItem('auth', raw);
    sessionStorage.setItem('auth', raw);
  }, JSON.stringify(session));
  await page.goto(target);
}

export async function storedSession(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate(() => ({ local: localStorage.getItem('auth'), session: sessionStorage.getItem('auth') }));
}

/** Every toast showing `text` (to count them). */
export function toasts(page: Page, text: string) {
  return page.locator('.Toastify__toast', { hasText: text });
}

/** The toast showing `text` (the newest: an older one of the same text may still be sliding out). */
export function toast(page: Page, text: string) {
  return toasts(page, text).last();
}

let seq = 0;
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${++seq}@demo.test`;
}

/** The newest link token emailed to `email` for `page` ('activate-account' or 'reset-password'). */
export async function emailedToken(email: string, linkPage: 'activate-account' | 'reset-password'): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email) && (m.body.html ?? '').includes(linkPage));
    const token = new RegExp(`${linkPage}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.body.html ?? '')?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${linkPage} email for ${email}`);
}

/** A registered (not yet activated) account of a new brand: BRAND_ADMIN with policyFlag true. */
export async function registerAccount(tag: string, password = 'secret-12'): Promise<{ email: string; password: string; company: string }> {
  const email = freshEmail(tag);
  // Brand names are unique (folded): the email's unique part keeps parallel files apart.
  const company = `E2E ${tag} ${email.split('@')[0]}`;
  const res = await callRoute('register', { body: { email, password, firstName: 'Erin', lastName: 'Tester', company } });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, company };
}

/** A registered and activated account, ready to log in. */
export async function activeAccount(tag: string, password = 'secret-12'): Promise<{ email: string; password: string; company: string }> {
  const account = await registerAccount(tag, password);
  const token = await emailedToken(account.email, 'activate-account');
  const res = await callRoute('resetPassword', { query: { token }, body: { password } });
  if (res.status !== 200) throw new Error(`activate ${account.email}: ${res.status}`);
  return account;
}

/**
 * Saves /tmp/screens/<name>.png (`fullPage: false` for scrolled pages: sticky bars would land
 * mid-page), and the same screen laid out at a 390 px phone's width, whose width
 * `assertAccessible` checks, as <name>@390.png (its 390 × 844 window; not when the page is
 * phone-sized already).
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SAVE_SCREENS) return void (await audits.get(page)?.checkWidth());
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
  const phoneSized = page.viewportSize()?.width === PHONE.width;
  await audits.get(page)?.checkWidth(phoneSized ? undefined : path.join(SCREENS_DIR, `${name}@390.png`));
}

/** The value of a CSS variable on :root. */
export function cssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/**
 * One browser for the test file (launched before its tests, closed after) and `tab(fn)`, which
 * runs `fn` in a fresh context (its own storage) and closes it afterwards.
 */
export function browserPerFile(): { tab: (fn: (t: Tab) => Promise<void>, viewport?: { width: number; height: number }) => Promise<void> } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    tab: async (fn, viewport) => {
      const t = await openTab(browser!, viewport);
      try {
        await fn(t);
        await assertAccessible(t);
      } finally {
        await t.context.close();
      }
    },
  };
}

/**
 * The bytes of a download. The run's Chromium is shared over a connection (launchBrowser), where
 * `download.path()` is not available: the file is saved to a temporary folder and read.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-download-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `fn` in a fresh tab signed in (through the API) as `email` and opened at `target`, then the page checked for accessibility; the tab is closed whatever happens. */
export async function inSignedInTab(browser: Browser, email: string, target: string, fn: (t: Tab) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const t = await openTab(browser, viewport);
  try {
    await withSession(t.page, await apiSession(email), target);
    await fn(t);
    await assertAccessible(t);
  } finally {
    await t.context.close();
  }
}
