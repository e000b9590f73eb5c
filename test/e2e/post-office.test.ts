/**
 * The post-office screens in a real browser (001 §2, §4, §7, §9): the files list (filters, sort,
 * search, badge, pages, empty text), the comparison (both sides, marks, pages, synchronised
 * scrolling, same-period files), Approve / Needs Attention and an approval failure, the settings
 * and the notifications with the admin home's badge.
 *
 * Read-only checks use the seeded demo month. Everything that changes a file, the settings or a
 * notification uses data of its own: a retailer and brand made through the repos and robot files
 * dropped into S3 as a scraper would (the same way as test/integration/post-office.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, queryOf, stack } from '../support/api';
import { demo, usDate } from '../support/demo';
import { dropRobotFile, makeOwnTenant, putObject, waitForFile as waitForFileOf } from '../support/post-office';
import { apiSession, here, inSignedInTab, launchBrowser, openTab, screenshot, toast, waitForPath, withSession, type Tab } from '../support/browser';

const tag = randomBytes(4).toString('hex');
/** The demo month's first, third and last scan dates (test/support/demo.ts). */
const FIRST = () => demo().periods[0];
const THIRD = () => demo().periods[2];
const LAST = () => demo().periods[3];
const BRAND = { _id: `brand-poe-${tag}`, name: `Post Screens ${tag}`, slug: `post-screens-${tag}` };
const RETAILER = { _id: `ret-poe-${tag}`, name: `Screen Store ${tag}`, optId: `PE${tag}`.toUpperCase(), slug: `screen-store-${tag}`, website: 'https://screens.example' };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const RED = 'rgb(217, 45, 32)';
const GREEN = 'rgb(6, 118, 71)';
const WHITE = 'rgb(255, 255, 255)';

let browser: Browser;
let admin = '';
let s3: import('@aws-sdk/client-s3').S3Client;
let S3: typeof import('@aws-sdk/client-s3');
/** Our own files: the first (approved on its own) and three held for review. */
const own: Record<'first' | 'approve' | 'reject' | 'fail', any> = {} as any;

function productCsv(n: number): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const sn = `SE-${1000 + i}`;
    lines.push([sn, `Piece ${i}`, BRAND.name, `SE-${i}`, '250.00', `Piece number ${i}`, `https://img.example/${sn}.jpg`, `https://screens.example/${sn}`, `https://shots.example/${sn}.png`, 'In stock', ''].join(','));
  }
  return lines.join('\n') + '\n';
}

const drop = (date: string, body: string) => dropRobotFile(RETAILER.slug, 'product', date, body);
const waitForFile = (key: string, settled = false) => waitForFileOf(admin, key, settled);

async function seedFile(fileName: string): Promise<any> {
  const res = await callRoute('listFiles', { query: { fileName, limit: '5' }, token: admin });
  const f = res.body.data?.find((x: any) => x.fileName === fileName);
  if (!f) throw new Error(`seed file ${fileName} is missing`);
  return f;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  S3 = await import('@aws-sdk/client-s3');
  s3 = (await import('../../functions/lib/clients/s3')).s3;
  admin = await login('admin@demo.test');

  // The first file: nothing to compare with (caution), approved on its own.
  own.first = await waitForFile(await drop('2013-03-07', productCsv(200)), true);
  for (let i = 0; i < 125 && own.first.approvedStatus !== 'approved'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    own.first = await waitForFile(own.first.fileName);
  }
  expect(own.first.approvedStatus).toBe('approved');
  // Each next file has far fewer rows than the one before: held for review.
  own.approve = await waitForFile(await drop('2013-03-14', productCsv(100)), true);
  own.reject = await waitForFile(await drop('2013-03-21', productCsv(40)), true);
  own.fail = await waitForFile(await drop('2013-03-28', productCsv(12)), true);
  for (const f of [own.approve, own.reject, own.fail]) expect(f).toMatchObject({ flag: 'require_review', approvedStatus: 'pending', error: null });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const asAdmin = (target: string, fn: (t: Tab) => Promise<void>, viewport?: { width: number; height: number }) => inSignedInTab(browser, 'admin@demo.test', target, fn, viewport ?? { width: 1440, height: 900 });

const rows = (page: Page) => page.locator('.po-table tbody tr');
const fileNames = (page: Page) => page.locator('.po-table tbody .po-row__file a').allTextContents();
const query = (page: Page) => new URL(page.url()).searchParams;
const style = (page: Page, selector: string, prop: 'color' | 'backgroundColor') =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el)[p], prop);

/** Hold the page's requests to `pathname` until the returned function is called. */
async function holdRequests(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

/** Wait for the table to show what the API says for the same query. */
async function expectListLike(page: Page, qs: string) {
  await expect
    .poll(async () => {
      const res = await callRoute('listFiles', { query: queryOf(qs), token: admin });
      return JSON.stringify(await fileNames(page)) === JSON.stringify((res.body.data as any[]).map((f) => f.fileName));
    })
    .toBe(true);
}

describe('/admin/post-office', () => {
  it("opens with one read of the list, started by the page's pre-entry script before the app's other reads", async () => {
    const t = await openTab(browser, { width: 1440, height: 900 });
    try {
      const reads: string[] = [];
      t.page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/')) reads.push(u.pathname);
      });
      await withSession(t.page, await apiSession('admin@demo.test'), '/admin/post-office');
      await rows(t.page).first().waitFor();
      await t.page.getByText(/^[\d,]+ files?$/).waitFor();
      const lists = reads.filter((p) => p === '/api/getFiles');
      expect(lists).toHaveLength(1);
      // Sent before the flag counts and the retailers (the app's first reads).
      expect(reads.indexOf('/api/getFiles')).toBeLessThan(reads.indexOf('/api/getFlagValues'));
    } finally {
      await t.context.close();
    }
  });

  it('has the header (Go to Admin, Log out, Settings, the selects and the counts) and lists the files, newest first', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      await page.getByRole('heading', { name: 'Post Office', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to Admin' }).getAttribute('href')).toBe('/admin');
      expect(await page.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/post-office/settings');
      expect(await page.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/login?session=logout');
      expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin');
      expect(await page.getByLabel('Sort by').locator('option').allTextContents()).toEqual([
        'Date (oldest first)',
        'Date (newest first)',
        'Name (A to Z)',
        'Name (Z to A)',
        'Robot Type (A to Z)',
        'Robot Type (Z to A)',
      ]);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('date;desc');
      expect(await page.getByLabel('Status').locator('option').allTextContents()).toEqual(['All', 'Pending', 'Approved', 'Rejected']);
      expect(await page.getByLabel('Flag by').locator('option').allTextContents()).toEqual(['All', 'Requires Review', 'Caution', 'Unflagged']);
      const retailers = await page.getByLabel('Retailer').locator('option').allTextContents();
      expect(retailers[0]).toBe('All');
      expect(retailers).toEqual(expect.arrayContaining(['harrowgate-finch', 'orchard-row', 'saint-clair-jewelers', RETAILER.slug]));

      // The counts per flag level of what the list shows (every status), as GET /getFlagValues says
      // (read just before and just after the page's own read: other suites drop and approve files meanwhile).
      const apiCounts = async () => {
        const c = (await callRoute('getFlagValues', { query: { approvedStatus: 'all' }, token: admin })).body;
        return JSON.stringify([c.require_review, c.caution, c.unflagged].map((n: number) => n.toLocaleString('en-US')));
      };
      await expect
        .poll(async () => {
          const before = await apiCounts();
          await page.reload();
          const shown = JSON.stringify(await Promise.all(['require_review', 'caution', 'unflagged'].map((f) => page.getByTestId(`count-${f}`).textContent())));
          return shown === before || shown === (await apiCounts());
        }, { timeout: 30_000, interval: 500 })
        .toBe(true);
      const countLabels = await page.locator('.po-count__label').allTextContents();
      expect(countLabels).toEqual(['Requires Review', 'Caution', 'Unflagged']);
      await page.getByText('All files, by flag', { exact: true }).waitFor();

      // 25 a page, newest first; each row: file name, name, Robot Type, date MM/DD/YYYY, status badge, flag class.
      await page.locator('.po-table').waitFor();
      expect(await rows(page).count()).toBe(25);
      const dates = await page.locator('.po-row__date').allTextContents();
      for (const d of dates) expect(d).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const iso = dates.map((d) => d.replace(/(\d{2})\/(\d{2})\/(\d{4})/, '$3-$1-$2'));
      expect(iso).toEqual([...iso].sort().reverse());
      const hf = rows(page).filter({ hasText: `incoming/product/harrowgate-finch/${LAST()}/product-robot.csv` });
      if (await hf.count()) {
        expect(await hf.locator('td').allTextContents()).toEqual([
          `incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`,
          'harrowgate-finchHarrowgate & Finch',
          'Product Details',
          usDate(LAST()),
          'Pending',
          'Requires Review',
        ]);
        expect(await hf.getAttribute('class')).toContain('po-row--require_review');
      }
      const pager = page.getByRole('navigation', { name: 'Files pages' });
      const buttons = await pager.getByRole('button').allTextContents();
      expect(buttons[0]).toBe('First');
      expect(buttons.at(-1)).toBe('Last');
      expect(buttons.length - 2).toBeLessThanOrEqual(10);
      await screenshot(page, 'po-list');
    }));

  it('filters by retailer, status and flag, keeps the filters in the URL through reload and back/forward', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      await page.locator('.po-table').waitFor();
      await page.getByLabel('Retailer').selectOption('harrowgate-finch');
      await waitForPath(page, '/admin/post-office?name=harrowgate-finch');
      await expectListLike(page, 'name=harrowgate-finch&limit=25');
      expect((await fileNames(page)).every((f) => f.includes('/harrowgate-finch/'))).toBe(true);
      // 12 files: one page, no pagination.
      expect(await page.getByRole('navigation', { name: 'Files pages' }).count()).toBe(0);

      await page.getByLabel('Status').selectOption('pending');
      await page.getByLabel('Flag by').selectOption('require_review');
      await waitForPath(page, '/admin/post-office?approvedStatus=pending&flag=require_review&name=harrowgate-finch');
      await expectListLike(page, 'name=harrowgate-finch&approvedStatus=pending&flag=require_review');
      expect(await fileNames(page)).toEqual([`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`]);

      await page.reload();
      await page.locator('.po-table').waitFor();
      expect(await page.getByLabel('Retailer').inputValue()).toBe('harrowgate-finch');
      expect(await page.getByLabel('Status').inputValue()).toBe('pending');
      expect(await page.getByLabel('Flag by').inputValue()).toBe('require_review');
      expect(await fileNames(page)).toEqual([`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`]);

      await page.goBack();
      await waitForPath(page, '/admin/post-office?approvedStatus=pending&name=harrowgate-finch');
      expect(await page.getByLabel('Flag by').inputValue()).toBe('');
      await page.goBack();
      await waitForPath(page, '/admin/post-office?name=harrowgate-finch');
      await page.goForward();
      await waitForPath(page, '/admin/post-office?approvedStatus=pending&name=harrowgate-finch');
      expect(await page.getByLabel('Status').inputValue()).toBe('pending');

      // Rejected files of our own retailer only after Needs Attention; approved ones of harrowgate.
      await page.getByLabel('Status').selectOption('approved');
      await page.getByLabel('Flag by').selectOption('caution');
      await expectListLike(page, 'name=harrowgate-finch&approvedStatus=approved&flag=caution');
      expect(await fileNames(page)).toEqual(expect.arrayContaining([`incoming/product/harrowgate-finch/${FIRST()}/product-robot.csv`]));
    }));

  it('sorts by date, name and Robot Type, ascending or descending', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      await page.locator('.po-table').waitFor();
      await page.getByLabel('Retailer').selectOption('saint-clair-jewelers');
      await page.getByLabel('Sort by').selectOption('type;asc');
      await waitForPath(page, '/admin/post-office?sort=type%3Basc&name=saint-clair-jewelers');
      await expectListLike(page, 'name=saint-clair-jewelers&sort=type;asc');
      const types = await page.locator('.po-table tbody td:nth-child(3)').allTextContents();
      expect(types.slice(0, 4)).toEqual(['Brand LP', 'Brand LP', 'Brand LP', 'Brand LP']);
      expect(types.at(-1)).toBe('Product Details');

      await page.getByLabel('Sort by').selectOption('date;asc');
      await expectListLike(page, 'name=saint-clair-jewelers&sort=date;asc');
      expect((await page.locator('.po-row__date').allTextContents())[0]).toBe(usDate(FIRST()));

      await page.getByLabel('Retailer').selectOption('');
      await page.getByLabel('Sort by').selectOption('name;desc');
      await waitForPath(page, '/admin/post-office?sort=name%3Bdesc');
      await expectListLike(page, 'sort=name;desc&limit=25');
      const names = await page.locator('.po-row__slug').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    }));

  it('searches robot files on Enter, shows a removable badge of the file filter, and the empty text', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      await page.locator('.po-table').waitFor();
      const search = page.getByLabel('Robot file');
      await search.fill(`harrowgate-finch/${LAST()}`);
      // Typing alone does not search.
      await page.waitForTimeout(300);
      expect(query(page).get('fileName')).toBeNull();
      await search.press('Enter');
      await waitForPath(page, `/admin/post-office?fileName=harrowgate-finch%2F${LAST()}`);
      await expectListLike(page, `fileName=harrowgate-finch/${LAST()}`);
      expect((await fileNames(page)).sort()).toEqual([
        `incoming/brand/harrowgate-finch/${LAST()}/brand-robot.csv`,
        `incoming/homepage/harrowgate-finch/${LAST()}/homepage-robot.csv`,
        `incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`,
      ]);
      const badge = page.locator('.po-chip');
      expect(await badge.textContent()).toContain(`harrowgate-finch/${LAST()}`);
      await screenshot(page, 'po-list-search');

      await search.fill('no-such-robot-file');
      await search.press('Enter');
      await page.getByText('No files remains for comparision.').waitFor();
      expect(await page.getByRole('navigation', { name: 'Files pages' }).count()).toBe(0);
      expect(await badge.textContent()).toContain('no-such-robot-file');
      await screenshot(page, 'po-list-empty');

      await page.getByRole('button', { name: 'Remove file filter' }).click();
      await waitForPath(page, '/admin/post-office');
      await badge.waitFor({ state: 'detached' });
      expect(await search.inputValue()).toBe('');
      await expect.poll(() => rows(page).count()).toBe(25);
    }));

  it('pages with First, Last and up to 10 page buttons', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      await page.locator('.po-table').waitFor();
      const pager = page.getByRole('navigation', { name: 'Files pages' });
      const first = await fileNames(page);
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await waitForPath(page, '/admin/post-office?page=2');
      await expectListLike(page, 'page=2&limit=25');
      expect(await fileNames(page)).not.toEqual(first);
      expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

      await pager.getByRole('button', { name: 'Last' }).click();
      await waitForPath(page, /^\/admin\/post-office\?page=\d+$/);
      expect(Number(query(page).get('page'))).toBeGreaterThanOrEqual(3);
      await expect.poll(() => pager.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
      await pager.getByRole('button', { name: 'First' }).click();
      await waitForPath(page, '/admin/post-office');
      await expect.poll(() => pager.getByRole('button', { name: 'First' }).isDisabled()).toBe(true);
      // Changing a filter starts again at page 1.
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await waitForPath(page, '/admin/post-office?page=2');
      await page.getByLabel('Status').selectOption('approved');
      await waitForPath(page, '/admin/post-office?approvedStatus=approved');
    }));

  it('opens the comparison of a clicked row; Back returns to the filtered list', () =>
    asAdmin('/admin/post-office?name=harrowgate-finch&approvedStatus=pending', async ({ page }) => {
      await page.locator('.po-table').waitFor();
      const hf = await seedFile(`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`);
      await rows(page).filter({ hasText: 'product-robot.csv' }).locator('td').nth(3).click();
      await waitForPath(page, `/admin/post-office/comparison/${hf._id}`);
      await page.getByRole('heading', { name: 'File Comparison' }).waitFor();
      await page.getByRole('link', { name: 'Back' }).click();
      await waitForPath(page, '/admin/post-office?name=harrowgate-finch&approvedStatus=pending');
    }));
});

describe('/admin/post-office/comparison/{fId}', () => {
  it('shows New and Previous with their dates, row counts, the Showing badges, the marks and why the file was flagged', async () => {
    const f = await seedFile(`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`);
    await asAdmin(`/admin/post-office/comparison/${f._id}`, async ({ page }) => {
      const current = page.getByRole('region', { name: 'New', exact: true });
      const previous = page.getByRole('region', { name: 'Previous', exact: true });
      await page.locator('.cmp-table').first().waitFor();
      expect(await page.locator('.po-file__name').textContent()).toBe(f.fileName);
      expect(await current.locator('.cmp-pane__date').textContent()).toBe(usDate(LAST()));
      expect(await previous.locator('.cmp-pane__date').textContent()).toBe(usDate(THIRD()));
      expect(await current.locator('.cmp-pane__count').textContent()).toBe('91 rows');
      expect(await previous.locator('.cmp-pane__count').textContent()).toBe('182 rows');
      expect(await current.locator('.cmp-pane__showing').textContent()).toBe('Showing 1 - 91 rows');
      expect(await previous.locator('.cmp-pane__showing').textContent()).toBe('Showing 1 - 100 rows');
      expect(await current.locator('tbody tr').count()).toBe(91);
      expect(await previous.locator('tbody tr').count()).toBe(100);
      // The key column first, then the file's columns.
      expect((await current.locator('thead th').allTextContents()).slice(0, 3)).toEqual(['#', 'Style Number', 'Name']);

      // Why: the flag's reason, and the actions of a pending require_review file.
      await page.getByText('The new file has 50% fewer rows than the previous one (91 vs 182).').waitFor();
      expect(await page.locator('.po-review__diff').textContent()).toBe('Added1Removed92Changed4Unchanged86');
      expect(await page.getByRole('button', { name: 'Approve' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Needs Attention' }).isEnabled()).toBe(true);

      // Marking (001 §4).
      const cur = '.cmp-pane--current';
      const prev = '.cmp-pane--previous';
      expect(await style(page, `${cur} tr[data-mark="changed"] td.cmp-cell--changed`, 'color')).toBe(RED);
      expect(await style(page, `${cur} tr[data-mark="none"] td[data-column="Name"]`, 'color')).toBe(GREEN);
      expect(await style(page, `${cur} tr[data-mark="added"] td[data-column="Name"]`, 'color')).toBe(GREEN);
      expect(await style(page, `${cur} tr[data-mark="added"] td[data-column="Name"]`, 'backgroundColor')).toBe('rgb(220, 250, 230)');
      expect(await style(page, `${prev} tr[data-mark="changed"] td.cmp-cell--was`, 'backgroundColor')).toBe('rgb(223, 226, 231)');
      expect(await style(page, `${prev} tr[data-mark="removed"] td[data-column="Name"]`, 'backgroundColor')).toBe(RED);
      expect(await style(page, `${prev} tr[data-mark="removed"] td[data-column="Name"]`, 'color')).toBe(WHITE);
      // A changed cell on the New side names the previous value.
      const changed = page.locator(`${cur} tr[data-mark="changed"] td.cmp-cell--changed`).first();
      expect(await changed.getAttribute('title')).toMatch(/\nPrevious: /);
      // Pagination above and below: 2 pages of 100 rows.
      expect(await page.getByRole('navigation', { name: /Comparison pages/ }).count()).toBe(2);
      await screenshot(page, 'po-comparison');
    });
  });

  it('pages 100 rows a side (page 2) and scrolls both sides together', async () => {
    const f = await seedFile(`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`);
    await asAdmin(`/admin/post-office/comparison/${f._id}`, async ({ page }) => {
      const current = page.getByRole('region', { name: 'New', exact: true });
      const previous = page.getByRole('region', { name: 'Previous', exact: true });
      const currentRows = page.getByRole('region', { name: 'New rows' });
      const previousRows = page.getByRole('region', { name: 'Previous rows' });
      await page.locator('.cmp-table').first().waitFor();
      const offsets = (el: HTMLElement | SVGElement) => [el.scrollTop, el.scrollLeft].join();

      // Scrolling the New side moves the Previous side, vertically and horizontally.
      const box = (await currentRows.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 900);
      await expect.poll(() => currentRows.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await expect.poll(async () => (await previousRows.evaluate(offsets)) === (await currentRows.evaluate(offsets))).toBe(true);
      await page.mouse.wheel(500, 0);
      await expect.poll(() => currentRows.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expect.poll(async () => (await previousRows.evaluate(offsets)) === (await currentRows.evaluate(offsets))).toBe(true);
      await screenshot(page, 'po-comparison-scrolled', false);
      // And the other way round.
      const before = await previousRows.evaluate((el) => el.scrollTop);
      const pbox = (await previousRows.boundingBox())!;
      await page.mouse.move(pbox.x + pbox.width / 2, pbox.y + pbox.height / 2);
      await page.mouse.wheel(-200, -400);
      await expect.poll(() => previousRows.evaluate((el) => el.scrollTop)).toBeLessThan(before);
      await expect.poll(async () => (await currentRows.evaluate(offsets)) === (await previousRows.evaluate(offsets))).toBe(true);

      // Page 2 (the page count follows the longer file): New has no more rows.
      const pagers = page.getByRole('navigation', { name: /Comparison pages/ });
      expect(await pagers.first().getByRole('button').allTextContents()).toEqual(['‹', '1', '2', '›']);
      await pagers.first().getByRole('button', { name: 'Page 2' }).click();
      await waitForPath(page, `/admin/post-office/comparison/${f._id}?page=2`);
      await current.getByText('No product(s) found.').waitFor();
      expect(await current.locator('.cmp-pane__showing').textContent()).toBe('Showing 0 - 0 rows');
      expect(await previous.locator('.cmp-pane__showing').textContent()).toBe('Showing 101 - 182 rows');
      expect(await previous.locator('tbody tr').count()).toBe(82);
      expect(await previous.locator('tbody tr').first().locator('td').first().textContent()).toBe('101');
      expect(await pagers.last().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, 'po-comparison-page-2');
      // The bottom pagination goes back.
      await pagers.last().getByRole('button', { name: 'Previous page' }).click();
      await waitForPath(page, `/admin/post-office/comparison/${f._id}`);
      await previous.getByText('Showing 1 - 100 rows').waitFor();
    });
  });

  it("shows 'Loading, please wait. It may take longer.' while the rows load", async () => {
    const f = await seedFile(`incoming/homepage/saint-clair-jewelers/${LAST()}/homepage-robot.csv`);
    await asAdmin('/admin', async ({ page }) => {
      const release = await holdRequests(page, `/api/getFileData/${f._id}`);
      await page.goto(`/admin/post-office/comparison/${f._id}`);
      await page.getByText('Loading, please wait. It may take longer.').waitFor();
      release();
      await page.locator('.cmp-table').first().waitFor();
      expect(await page.getByText('Loading, please wait. It may take longer.').count()).toBe(0);
      // The homepage file of the demo month: menus whose sub menus changed.
      expect(await page.getByRole('region', { name: 'New', exact: true }).locator('.cmp-pane__showing').textContent()).toBe('Showing 1 - 8 rows');
      expect(await page.locator('.cmp-pane--current td.cmp-cell--changed').count()).toBeGreaterThan(0);
      // One page: no pagination.
      expect(await page.getByRole('navigation', { name: /Comparison pages/ }).count()).toBe(0);
    });
  });

  it('lists the same period files as links to their comparisons', async () => {
    const f = await seedFile(`incoming/product/harrowgate-finch/${LAST()}/product-robot.csv`);
    const brandFile = await seedFile(`incoming/brand/harrowgate-finch/${LAST()}/brand-robot.csv`);
    await asAdmin(`/admin/post-office/comparison/${f._id}`, async ({ page, audits }) => {
      const same = page.getByRole('region', { name: 'Same period files' });
      // The page shows the file and its rows first (as the tests above wait for them), then the list:
      // 2 x 100 rows read from S3 and laid out, which beside the heaviest browser files took over
      // the default 10 s (twice in a three-file run): up to 30 s, as counts.test.ts's pages.
      await page.locator('.cmp-table').first().waitFor({ timeout: 30_000 });
      // The screen audit may hold the page's main thread meanwhile (its axe reads 2 x 100 rows):
      // the list's answer, links or a text, gets up to 30 s too, and a text says which it was.
      await same.locator('a, .po-same__empty').first().waitFor({ timeout: 30_000 });
      expect(await same.locator('.po-same__empty').count(), (await same.textContent()) ?? '').toBe(0);
      const links = await same.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
      expect(links).toHaveLength(2);
      expect(links).toContain(`/admin/post-office/comparison/${brandFile._id}`);
      // The screen audit's axe runs in this page and holds its main thread for seconds on 2 x 100
      // rows; a click waits for a stable element meanwhile: let it finish first (test/support/browser.ts).
      await audits[0]!.settled();
      await same.getByRole('link', { name: /brand-robot\.csv/ }).click();
      await waitForPath(page, `/admin/post-office/comparison/${brandFile._id}`);
      await page.locator('.po-file__name', { hasText: brandFile.fileName }).waitFor();
      await page.getByRole('region', { name: 'New', exact: true }).locator('.cmp-pane__count', { hasText: '2 rows' }).waitFor();
      // Approved: the status is a label, no buttons.
      expect(await page.getByTestId('file-status').textContent()).toBe('Approved');
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    });
  });

  it("says 'No Same period files exist' when the retailer has no other file of the period", () =>
    asAdmin(`/admin/post-office/comparison/${own.first._id}`, async ({ page }) => {
      await page.getByText('No Same period files exist').waitFor();
      // The first file: nothing to compare with.
      const previous = page.getByRole('region', { name: 'Previous', exact: true });
      await previous.getByText('No product(s) from previous file.').waitFor();
      expect(await previous.locator('.cmp-pane__date').textContent()).toBe('N/A');
      expect(await page.getByRole('region', { name: 'New', exact: true }).locator('.cmp-pane__showing').textContent()).toBe('Showing 1 - 100 rows');
      await page.getByText('This is the first product file of this retailer', { exact: false }).waitFor();
    }));

  it('shows why an unreadable file cannot be approved, and offers Needs Attention alone', async () => {
    const f = await seedFile(`incoming/product/orchard-row/${LAST()}/product-robot.csv`);
    await asAdmin(`/admin/post-office/comparison/${f._id}`, async ({ page }) => {
      const alert = page.getByRole('alert').filter({ hasText: 'This file could not be read.' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(f.error);
      await page.getByText('No product(s) found for comparison.').waitFor();
      await page.getByRole('button', { name: 'Needs Attention' }).waitFor();
      expect(await page.getByRole('button', { name: 'Needs Attention' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await screenshot(page, 'po-comparison-unreadable');
    });
  });

  it('an unreadable file leaves the queue with Needs Attention', async () => {
    // A folder naming no retailer: an unreadable file of its own (not listed under our retailer).
    const key = `incoming/product/no-such-store-${tag}/2013-03-07/robot.csv`;
    await putObject(key, productCsv(3));
    const f = await waitForFile(key, true);
    expect(f).toMatchObject({ approvedStatus: 'pending', flag: 'require_review' });
    expect(f.error).toBeTruthy();
    await asAdmin(`/admin/post-office/comparison/${f._id}`, async ({ page }) => {
      const attention = page.getByRole('button', { name: 'Needs Attention' });
      await attention.click();
      await toast(page, 'Approved Status Rejected.').waitFor();
      await page.getByTestId('file-status').filter({ hasText: 'Rejected' }).waitFor();
      expect(await attention.count()).toBe(0);
    });
    const after = (await callRoute('getFile', { params: { fId: f._id }, token: admin })).body[0]!;
    expect(after.approvedStatus).toBe('rejected');
    // Approve stays impossible for it.
    const approve = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(approve.body.success).not.toBe(true);
  });
});

describe('Approve and Needs Attention', () => {
  it("Approve: both buttons disabled on click, 'File processed successfully!', the status reloads as Approved", () =>
    asAdmin(`/admin/post-office/comparison/${own.approve._id}`, async ({ page }) => {
      const approve = page.getByRole('button', { name: 'Approve' });
      const attention = page.getByRole('button', { name: 'Needs Attention' });
      await approve.waitFor();
      await page.getByText('The new file has 50% fewer rows than the previous one (100 vs 200).').waitFor();
      // Hold the answer a moment to see the buttons while the server works.
      const release = await holdRequests(page, '/api/upload/approveStatus');
      await approve.click();
      expect(await approve.isDisabled()).toBe(true);
      expect(await attention.isDisabled()).toBe(true);
      await page.getByRole('status').filter({ hasText: 'Processing the file…' }).waitFor();
      release();
      await toast(page, 'File processed successfully!').waitFor({ timeout: 30_000 });
      await page.getByTestId('file-status').filter({ hasText: 'Approved' }).waitFor();
      expect(await approve.count()).toBe(0);
      expect(await page.locator('.po-file .po-flag').textContent()).toBe('Requires Review');
      await screenshot(page, 'po-approved', false);
      const after = (await callRoute('getFile', { params: { fId: own.approve._id }, token: admin })).body[0]!;
      expect(after.approvedStatus).toBe('approved');
    }));

  it("Needs Attention: 'Approved Status Rejected.' and the status reloads as Rejected", () =>
    asAdmin(`/admin/post-office/comparison/${own.reject._id}`, async ({ page }) => {
      const attention = page.getByRole('button', { name: 'Needs Attention' });
      await attention.waitFor();
      const release = await holdRequests(page, '/api/upload/NeedAttention');
      await attention.click();
      expect(await attention.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      release();
      await toast(page, 'Approved Status Rejected.').waitFor();
      await page.getByTestId('file-status').filter({ hasText: 'Rejected' }).waitFor();
      expect(await attention.count()).toBe(0);
      await screenshot(page, 'po-rejected', false);
      // The list shows it as rejected.
      await page.goto(`/admin/post-office?name=${RETAILER.slug}&approvedStatus=rejected`);
      await page.locator('.po-table').waitFor();
      expect(await fileNames(page)).toEqual([own.reject.fileName]);
      expect(await page.locator('.po-status').first().textContent()).toBe('Rejected');
    }));

  it('an approval failure: a 20 s warning with the reason, Approve enabled again, the reason shown on the page', () =>
    asAdmin(`/admin/post-office/comparison/${own.fail._id}`, async ({ page }) => {
      const approve = page.getByRole('button', { name: 'Approve' });
      await page.locator('.cmp-table').first().waitFor();
      // Lose the file's comparison pages: the workflow's apply step cannot read them.
      const listed = await s3.send(new S3.ListObjectsV2Command({ Bucket: stack().env.DATA_BUCKET!, Prefix: `files/${own.fail._id}/` }));
      for (const o of listed.Contents ?? []) await s3.send(new S3.DeleteObjectCommand({ Bucket: stack().env.DATA_BUCKET!, Key: o.Key! }));

      await approve.click();
      expect(await page.getByRole('button', { name: 'Needs Attention' }).isDisabled()).toBe(true);
      const warning = page.locator('.Toastify__toast--warning');
      await warning.waitFor({ timeout: 30_000 });
      const after = (await callRoute('getFile', { params: { fId: own.fail._id }, token: admin })).body[0]!;
      expect(after.approvedStatus).toBe('pending');
      expect(after.processingError).toBeTruthy();
      expect(await warning.textContent()).toContain(after.processingError);
      // The toast lasts 20 seconds.
      expect(await warning.locator('.Toastify__progress-bar').getAttribute('style')).toContain('20000ms');
      await expect.poll(() => approve.isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Needs Attention' }).isDisabled()).toBe(true);
      const reason = page.getByRole('alert').filter({ hasText: 'The last approval failed.' });
      await reason.waitFor();
      expect(await reason.textContent()).toContain(after.processingError);
      await page.waitForTimeout(400);
      await screenshot(page, 'po-approve-failed', false);
    }));
});

describe('Failed deliveries (docs/operations.md)', () => {
  it('a drop whose ingest failed every try shows above the files with its reason; Retry files it and the panel goes', () =>
    asAdmin('/admin/post-office', async ({ page }) => {
      const key = `incoming/product/${RETAILER.slug}/2013-05-02/weekly-fail-thrice-ingest.csv`;
      await putObject(key, productCsv(10));
      const panel = page.locator('section.po-failures');
      await expect.poll(async () => {
        await page.reload();
        await page.locator('.po-total').waitFor();
        return panel.locator('tbody tr', { hasText: key }).count();
      }, { timeout: 30_000 }).toBe(1);
      const row = panel.locator('tbody tr', { hasText: key });
      expect(await row.locator('td').nth(1).textContent()).toBe('Robot file ingest');
      expect(await row.locator('td').nth(2).textContent()).toBe('Error: Injected fault: ingest');
      expect(await row.locator('td').nth(3).textContent()).toBe('3');
      await screenshot(page, 'po-failed-delivery');
      await row.getByRole('button', { name: `Retry ${key}` }).click();
      await toast(page, 'Sent again. The post office shows the outcome when it has run.').waitFor();
      await expect.poll(() => panel.locator('tbody tr', { hasText: key }).count(), { timeout: 20_000 }).toBe(0);
      expect((await waitForFile(key)).fileName).toBe(key);
    }));
});

describe('/admin/post-office/settings', () => {
  const robot = `e2e-robot-${tag}`;
  const email = `e2e-alerts-${tag}@demo.test`;

  afterAll(async () => {
    // Leave the settings as other suites expect them: drop only what this test added.
    const current = (await callRoute('getThresholdSettings', { token: admin })).body;
    const { [robot]: _gone, ...homepage } = current.settings.thresholds.homepage ?? {};
    const settings = { ...current.settings, emailAlerts: current.settings.emailAlerts.filter((e: string) => e !== email), thresholds: { ...current.settings.thresholds, homepage } };
    await callRoute('updateSettings', { params: { id: current._id }, token: admin, body: settings });
  });

  it("loads, edits and saves: Email Alert chips, a robot added by name, integer thresholds with values below 1 as 0, 'Settings updated.'", () =>
    asAdmin('/admin/post-office/settings', async ({ page }) => {
      await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Email Alert' }).waitFor();
      await page.getByRole('heading', { name: 'Thresholds' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin');
      const ignore = page.getByLabel('Ignore image data?');
      const stored = (await callRoute('getThresholdSettings', { token: admin })).body.settings;
      expect(await ignore.isChecked()).toBe(stored.ignoreImageData);
      expect(await page.locator('.th-block__title').allTextContents()).toEqual(['Product Details', 'Brand LP', 'Homepage']);
      expect(await page.getByRole('columnheader', { name: 'Diff. Column' }).count()).toBe(3);
      // The stored percents are shown, one input per robot and diff column.
      const priceInput = page.getByLabel('Product Details, default, Price (%)');
      expect(await priceInput.inputValue()).toBe(String(stored.thresholds.product.default?.Price ?? 0));
      await screenshot(page, 'po-settings');

      // Email Alert: invalid addresses are refused; admin users' emails are suggested.
      const recipients = page.getByRole('combobox', { name: 'Recipients' });
      await recipients.fill('not-an-email');
      await recipients.press('Enter');
      await page.getByText('Please enter valid email').waitFor();
      await recipients.fill(email);
      await recipients.press('Enter');
      await page.locator('.chip', { hasText: email }).waitFor();
      expect(await page.getByText('Please enter valid email').count()).toBe(0);
      if (!stored.emailAlerts.includes('admin@demo.test')) {
        await recipients.fill('admin@');
        await page.getByRole('option', { name: 'admin@demo.test' }).waitFor();
        await screenshot(page, 'po-settings-email', false);
        await recipients.press('Escape');
        await recipients.fill('');
      }

      // A robot of our own in the Homepage block, starting from the default columns at 10 %.
      const homepage = page.locator('.th-block', { has: page.getByRole('heading', { name: 'Homepage' }) });
      await homepage.getByLabel('New robot name for Homepage').fill(robot);
      await homepage.getByRole('button', { name: 'Add robot' }).click();
      await homepage.getByRole('columnheader', { name: new RegExp(robot) }).waitFor();
      const input = (column: string) => page.getByLabel(`Homepage, ${robot}, ${column} (%)`);
      expect(await input('Sub Menu').inputValue()).toBe('10');
      expect(await input('Screenshot').inputValue()).toBe('0');
      // Parsed as integers; values below 1 become 0.
      await input('Sub Menu').fill('0.5');
      await input('Brand Featured').fill('7.9');
      await input('Menu URL').fill('-3');
      await input('Screenshot').fill('25');
      await input('Screenshot').blur();
      expect(await input('Sub Menu').inputValue()).toBe('0');
      expect(await input('Brand Featured').inputValue()).toBe('7');
      expect(await input('Menu URL').inputValue()).toBe('0');
      await page.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Settings updated.').waitFor();

      const saved = (await callRoute('getThresholdSettings', { token: admin })).body.settings;
      expect(saved.thresholds.homepage[robot]).toEqual({ 'Sub Menu': 0, 'Brand Featured': 7, 'Menu URL': 0, Screenshot: 25 });
      expect(saved.emailAlerts).toContain(email);
      expect(saved.ignoreImageData).toBe(stored.ignoreImageData);

      // Reloaded from the server.
      await page.reload();
      await page.getByLabel(`Homepage, ${robot}, Brand Featured (%)`).waitFor();
      expect(await input('Brand Featured').inputValue()).toBe('7');
      expect(await input('Screenshot').inputValue()).toBe('25');
      await page.locator('.chip', { hasText: email }).waitFor();
      await screenshot(page, 'po-settings-saved');
    }));
});

describe('/admin/post-office/notification and the admin home badge', () => {
  it('lists notifications newest first, unseen highlighted; the modal shows one and marks it seen', async () => {
    const all = (await callRoute('listNotifications', { query: { page: '1', limit: '1000' }, token: admin })).body;
    // An alert of one of our files held for review (its message lists the reasons).
    const index = (all.data as any[]).findIndex((n) => n.retailer === RETAILER.name && !n.seenFlag && n.subject.startsWith('review:'));
    expect(index).toBeGreaterThanOrEqual(0);
    const note = all.data[index]!;
    const pageNo = Math.floor(index / 10) + 1;
    await asAdmin(`/admin/post-office/notification${pageNo > 1 ? `?page=${pageNo}` : ''}`, async ({ page }) => {
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin');
      const item = page.locator(`.notif[data-id="${note._id}"]`);
      // Notifications other suites raise meanwhile may push it to the next page.
      for (let p = pageNo; p < pageNo + 3; p++) {
        if (p > pageNo) await page.goto(`/admin/post-office/notification?page=${p}`);
        await page.locator('.notif').first().waitFor();
        if (await item.count()) break;
      }
      await item.waitFor();
      expect(await item.getAttribute('class')).toContain('notif--unseen');
      const title = note.subject.slice(note.subject.indexOf(':') + 1);
      expect(await item.locator('.notif__subject').textContent()).toBe(title);
      expect(await item.locator('.notif__retailer').textContent()).toBe(RETAILER.name);
      expect(await item.locator('.notif__time').textContent()).toMatch(/ago$/);
      // Newest first.
      const times = await page.locator('.notif__time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
      expect(times).toEqual([...times].sort().reverse());
      // More than one page: First, up to 10 page buttons, Last.
      const pager = page.getByRole('navigation', { name: 'Notification pages' });
      expect((await pager.getByRole('button').allTextContents()).slice(0, 2)).toEqual(['First', '1']);
      await screenshot(page, 'po-notifications');

      await item.click();
      const dialog = page.getByRole('dialog', { name: RETAILER.name });
      await dialog.waitFor();
      expect(await dialog.locator('.notif-modal__subject').textContent()).toBe(title);
      const d = new Date(note.createdAt);
      const mmddyyyy = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
      expect(await dialog.locator('.notif-modal__date').textContent()).toBe(mmddyyyy);
      await dialog.locator('.notif-modal__message li').first().waitFor();
      expect(await dialog.locator('.notif-modal__message').textContent()).toContain(RETAILER.name);
      expect(await dialog.locator('.notif-modal__message a').first().getAttribute('rel')).toBe('noopener noreferrer');
      await screenshot(page, 'po-notification-modal', false);
      await expect.poll(async () => (await callRoute('listNotifications', { query: { page: '1', limit: '1000' }, token: admin })).body.data.find((n: any) => n._id === note._id)?.seenFlag).toBe(true);

      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => item.getAttribute('class')).not.toContain('notif--unseen');
    });
  });

  it('renders a message safely: no scripts, no event handlers', () =>
    asAdmin('/admin/post-office/notification', async ({ page }) => {
      await page.locator('.notif').first().waitFor();
      const first = (await page.locator('.notif').first().getAttribute('data-id'))!;
      // The server writes the messages; whatever they hold, the page must not run it.
      await page.route((url) => url.pathname === '/api/notifications', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        body.data = body.data.map((n: any) => (n._id === first ? { ...n, message: '<p>Hello <strong>admin</strong></p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">x</a>' } : n));
        await route.fulfill({ response: res, json: body });
      });
      await page.reload();
      await page.locator(`.notif[data-id="${first}"]`).click();
      const message = page.getByRole('dialog').locator('.notif-modal__message');
      await message.locator('strong', { hasText: 'admin' }).waitFor();
      expect(await message.innerHTML()).toBe('<p>Hello <strong>admin</strong></p><a target="_blank" rel="noopener noreferrer">x</a>');
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }));

  it("shows the unseen count as a badge on 'Go to Notifications'", () =>
    asAdmin('/admin', async ({ page }) => {
      const link = page.getByRole('link', { name: /Go to Notifications/ });
      await link.waitFor();
      await expect
        .poll(async () => {
          const unseen = (await callRoute('listNotifications', { query: { page: '1', limit: '1' }, token: admin })).body.unseenCount as number;
          await page.reload();
          await link.waitFor();
          const badge = link.locator('.count-badge');
          const shown = (await badge.count()) ? await badge.textContent() : '0';
          return shown === String(unseen > 99 ? '99+' : unseen);
        })
        .toBe(true);
      await link.click();
      await waitForPath(page, '/admin/post-office/notification');
      expect(here(page)).toBe('/admin/post-office/notification');
    }));
});
