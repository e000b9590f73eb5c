/**
 * Browser helpers for the e2e suite: one Chromium per test file (Debian's, through
 * playwright-core), a fresh context per test, sign-in through the UI or straight into storage,
 * throw-away accounts for flows that change an account, screenshots under /tmp/screens, and
 * axe-core on every screen a test visits (a serious or critical violation fails the test).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { callRoute, DEMO_PASSWORD, sentEmails, stack } from './api';
import { afterAll, beforeAll } from 'vitest';

export const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Serious and critical axe-core violations found on the screens this tab showed. */
  a11y: A11yAudit;
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface A11yViolation {
  path: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core on every screen a tab shows: after each navigation of the page (a load or a
 * client-side route change) and once more at the end of the test, the screen is audited (axe
 * injected from node_modules); serious and critical violations are kept for `assertClean`.
 */
export class A11yAudit {
  readonly violations: A11yViolation[] = [];
  private queue: Promise<void> = Promise.resolve();
  constructor(private readonly page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule();
    });
  }

  /** Audits the screen shown once the pending audits are done. */
  schedule(): Promise<void> {
    this.queue = this.queue.then(() => this.run()).catch(() => undefined);
    return this.queue;
  }

  private async run(): Promise<void> {
    const page = this.page;
    if (page.isClosed()) return;
    try {
      await page.waitForLoadState('load');
      await page.waitForFunction(() => !!document.querySelector('#root > *'), undefined, { timeout: 5_000 });
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
      // The settled screen: no animation or transition running (a modal rising, a list fading while
      // it reloads), nothing aria-busy, and no change while axe reads it (else it reads it again).
      const found = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: any }).axe;
        const settled = async () => {
          for (let i = 0; i < 50; i++) {
            if (document.getAnimations().every((a) => a.playState !== 'running') && !document.querySelector('[aria-busy="true"]')) return;
            await new Promise((r) => setTimeout(r, 100));
          }
        };
        let res: any;
        for (let attempt = 0; attempt < 3; attempt++) {
          await settled();
          let changed = false;
          const observer = new MutationObserver(() => (changed = true));
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'aria-busy', 'hidden'] });
          res = await axe.run(document, { resultTypes: ['violations'] });
          observer.disconnect();
          if (!changed) break;
        }
        return {
          path: location.pathname + location.search,
          list: (res.violations as any[])
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({ id: v.id as string, impact: v.impact as string, help: v.help as string, targets: (v.nodes as any[]).slice(0, 5).map((n) => String(n.target)) })),
        };
      });
      for (const v of found.list) this.violations.push({ path: found.path, ...v });
    } catch {
      // The screen was left (or the tab closed) while it was audited: the next screen is audited anyway.
    }
  }

  assertClean(): void {
    if (!this.violations.length) return;
    const seen = new Set<string>();
    const lines = this.violations.filter((v) => !seen.has(`${v.path} ${v.id} ${v.targets.join()}`) && seen.add(`${v.path} ${v.id} ${v.targets.join()}`)).map((v) => `${v.path}: [${v.impact}] ${v.id}: ${v.help} (${v.targets.join(' | ')})`);
    throw new Error(`axe-core found serious or critical accessibility violations:\n${lines.join('\n')}`);
  }
}

/** Audits the screen shown now and fails on any serious or critical violation found in the tab. */
export async function assertAccessible(t: Tab): Promise<void> {
  await t.a11y.schedule();
  t.a11y.assertClean();
}

export async function openTab(browser: Browser, viewport = { width: 1366, height: 860 }): Promise<Tab> {
  const context = await browser.newContext({ baseURL: stack().url, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page, a11y: new A11yAudit(page) };
}

/** The path and query of the page, for URL assertions. */
export function here(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

export async function waitForPath(page: Page, pathAndQuery: string | RegExp): Promise<void> {
  await page.waitForURL((u) => {
    const p = u.pathname + u.search;
    return typeof pathAndQuery === 'string' ? p === pathAndQuery : pathAndQuery.test(p);
  });
}

/** Log in through the login form (on /login unless `from` says otherwise). */
export async function loginInUi(page: Page, email: string, password = DEMO_PASSWORD, from = '/login'): Promise<void> {
  if (from) await page.goto(from);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export interface ApiSession {
  token: string;
  expiresAt: string;
  user: any;
  actingBrand?: unknown;
}

export async function apiSession(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const res = await callRoute('login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, expiresAt: res.body.expiresAt, user: res.body.user, actingBrand: null };
}

/** Put a session into the app's storage (as a login would), then open `target`. */
export async function withSession(page: Page, session: ApiSession, target: string): Promise<void> {
  await page.goto('/register');
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

/** Saves /tmp/screens/<name>.png; `fullPage: false` for scrolled pages (sticky bars would land mid-page). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
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
