/**
 * The exports feature in jsdom (fetch stubbed at the network edge): ExportButton sends the tab's
 * query to GET /exportFile, follows the job (queued, building n of N, ready or failed) and opens
 * the ready file's link once with a toast, errors go through the error catalogue,
 * and ExportHistory lists name + link, 'No Files Downloaded' when empty, and pages.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { ExportButton } = await import('../../../web/src/features/exports/components/export-button');
const { ExportHistory } = await import('../../../web/src/features/exports/components/export-history');

const h = featureHarness();
const { render, settle } = h;
/** The URLs requested, in order. */
const calls = () => h.calls.map((c) => c.url);
let answer: (url: URL) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => h.answer((r) => answer(r.url)));

describe('ExportButton (every export is a job: docs/exports.md)', () => {
  const NAME = 'R - Price Issues - 2026-11-16.xlsx';
  const job = (over: object) => ({ jobId: 'job1', status: 'queued', done: 0, total: null, name: NAME, link: null, error: null, ...over });
  /** The job as the server has it now: `server.state` is what every read answers until the test moves it. */
  const server = { state: {} as object };
  const jobAnswers = (first: object) => {
    server.state = first;
    return (u: URL) => {
      if (u.pathname.endsWith('/exportFile')) return { status: 202, body: job({}) };
      if (u.pathname.endsWith('/exportFile/job1')) return { status: 200, body: job(server.state) };
      return { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
    };
  };
  /** Lets the polls run until the status line says `text` (or gives up after `rounds`). */
  const until = async (text: string, rounds = 40) => {
    for (let i = 0; i < rounds && !status()?.textContent?.includes(text); i++) await settle(2);
    expect(status()?.textContent).toContain(text);
  };
  const status = () => h.host.querySelector('[role="status"]');

  it("sends the tab's filter flag, mapped filter, search and sort with the period, shows queued, building n of N rows, then ready: a toast, ALL EXPORTS read again, the file opened once", async () => {
    answer = jobAnswers({ status: 'queued' });
    const opened: string[] = [];
    await render(
      <>
        <ExportButton retailerBrandScraping="period-1" query={{ price_diff: 'true', search: 'rivoli', sort: 'price;desc' }} open={(l) => opened.push(l)} pollMs={1} />
        <ExportHistory retailerId="ret-1" />
      </>,
    );
    await settle();
    const button = h.host.querySelector('button')!;
    expect(button.textContent).toBe('Export');
    expect(status()).toBeNull();
    await act(async () => button.click());
    const call = calls().find((c) => c.pathname.endsWith('/exportFile'))!;
    expect(Object.fromEntries(call.searchParams)).toEqual({ price_diff: 'true', search: 'rivoli', sort: 'price;desc', retailer_brand_scraping: 'period-1' });
    await until('Export queued…');
    server.state = { status: 'building', done: 2000, total: 4500 };
    await until('Building the export… 2,000 of 4,500 rows');
    const bar = h.host.querySelector('progress')!;
    expect([bar.getAttribute('max'), bar.getAttribute('value')]).toEqual(['4500', '2000']);
    const historyReads = () => calls().filter((c) => c.pathname.includes('/getExportHistory/')).length;
    const readsBefore = historyReads();
    server.state = { status: 'building', done: 4000, total: 4500 };
    await until('Building the export… 4,000 of 4,500 rows');
    expect(opened).toEqual([]);
    server.state = { status: 'ready', done: 4500, total: 4500, link: 'http://app/api/exports/download?token=t1' };
    await until('Export ready (4,500 rows).');
    await settle();
    expect(h.host.querySelector('[role="status"] a')!.getAttribute('href')).toBe('http://app/api/exports/download?token=t1');
    expect(opened).toEqual(['http://app/api/exports/download?token=t1']);
    expect(shown).toEqual([`success:Export ready: ${NAME}`]);
    expect(historyReads()).toBeGreaterThan(readsBefore);
    // Ready: the job is read no more, and nothing is opened or told twice.
    const reads = calls().filter((c) => c.pathname.endsWith('/exportFile/job1')).length;
    await settle(6);
    expect(calls().filter((c) => c.pathname.endsWith('/exportFile/job1')).length).toBe(reads);
    expect(opened).toHaveLength(1);
    expect(shown).toHaveLength(1);
  });

  it('sends the ALL SCRAPED NOT Mapped filter as oh_map_id=false', async () => {
    answer = jobAnswers({ status: 'queued' });
    await render(<ExportButton retailerBrandScraping="p2" query={{ oh_map_id: 'false' }} open={() => undefined} />);
    await act(async () => h.host.querySelector('button')!.click());
    await settle();
    expect(calls()[0]!.searchParams.get('oh_map_id')).toBe('false');
    expect(status()!.textContent).toBe('Export queued…');
  });

  it('a failed job shows its reason and an error toast, and opens nothing', async () => {
    answer = jobAnswers({ status: 'building', done: 0, total: 10 });
    const opened: string[] = [];
    await render(<ExportButton retailerBrandScraping="p4" query={{}} open={(l) => opened.push(l)} pollMs={1} />);
    await act(async () => h.host.querySelector('button')!.click());
    await until('Building the export… 0 of 10 rows');
    server.state = { status: 'failed', error: 'The export could not be built. Export the tab again.' };
    await until('The export could not be built. Export the tab again.');
    await settle();
    expect(opened).toEqual([]);
    expect(shown).toEqual(['error:The export could not be built. Export the tab again.']);
  });

  it("shows the server's message through the error catalogue and starts nothing", async () => {
    answer = () => ({ status: 403, body: { message: 'You do not have access to this resource.', code: 'FORBIDDEN' } });
    const opened: string[] = [];
    await render(<ExportButton retailerBrandScraping="p3" query={{}} open={(l) => opened.push(l)} />);
    await act(async () => h.host.querySelector('button')!.click());
    await settle();
    expect(opened).toEqual([]);
    expect(status()).toBeNull();
    expect(shown).toEqual(['warning:You do not have access to this resource.']);
    expect(h.host.querySelector('button')!.disabled).toBe(false);
  });
});

describe('ExportHistory', () => {
  const item = (i: number, url: string | null = `http://app/api/exports/download?token=t${i}`) => ({
    _id: `e${i}`,
    name: `Harrowgate & Finch - Price Issues - 2026-11-${String(10 + i).padStart(2, '0')}.xlsx`,
    url,
    createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`,
    expiresAt: `2026-11-${String(17 + i).padStart(2, '0')}T10:00:00.000Z`,
    rows: 1200 + i,
  });

  it("lists each export's name as its link, with its date and rows, for the session's brand", async () => {
    answer = () => ({ status: 200, body: { data: [item(2), item(1, null)], totalCount: 2, nextCursor: null } });
    await render(<ExportHistory retailerId="ret-harrowgate" />);
    await settle();
    expect(calls()[0]!.pathname).toMatch(/\/getExportHistory\/ret-harrowgate$/);
    expect(Object.fromEntries(calls()[0]!.searchParams)).toEqual({ brand: 'brand-1', page: '1', limit: '25' });
    const links = [...h.host.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[item(2).name, item(2).url]]);
    expect(h.host.textContent).toContain(`${item(1).name} (link expired)`);
    expect(h.host.textContent).toContain('11/12/2026');
    expect(h.host.textContent).toContain('1,202');
    expect(h.host.querySelector('nav')).toBeNull(); // one page: no pagination
  });

  it("says 'No Files Downloaded' when the retailer has no export", async () => {
    answer = () => ({ status: 200, body: { data: [], totalCount: 0, nextCursor: null } });
    await render(<ExportHistory retailerId="ret-lumiere" brandId="brand-acting" />);
    await settle();
    expect(calls()[0]!.searchParams.get('brand')).toBe('brand-acting');
    expect(h.host.textContent).toBe('No Files Downloaded');
  });

  it('pages 25 at a time with the app pagination', async () => {
    answer = (u) => {
      const page = Number(u.searchParams.get('page'));
      return { status: 200, body: { data: [item(page)], totalCount: 60, nextCursor: null } };
    };
    await render(<ExportHistory retailerId="ret-harrowgate" />);
    await settle();
    const pageButtons = () => [...h.host.querySelectorAll('nav button')].map((b) => b.textContent);
    expect(pageButtons()).toEqual(['First', '1', '2', '3', 'Last']);
    await act(async () => ([...h.host.querySelectorAll('nav button')].find((b) => b.textContent === '3') as HTMLButtonElement).click());
    await settle();
    expect(calls().at(-1)!.searchParams.get('page')).toBe('3');
    expect(h.host.querySelector('a')!.textContent).toBe(item(3).name);
  });
});
