/**
 * The CASES tab of the retailer page in jsdom (fetch stubbed at the network edge): the counts and
 * the active cases, worst first, with their severity; Resolved and Activity (one kind asked of the
 * API); a case's evidence, kept picture and log; "Fixed by the retailer" resolves it and reads the
 * lists again; Dismiss needs a reason before anything is sent; "Evidence pack (PDF)" has the pack
 * made and opens its link (a toast when it fails), and is disabled, saying why, without active cases.
 * Activity's Export starts the log's export job with the kind shown and follows it; the product
 * page's case shows its state and its log newest first, page by page, with a link to the CASES
 * tab, and a product without a case says so quietly.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { ProductCase, RetailerCases } = await import('../../../web/src/features/cases');

const h = featureHarness();
const evidence = {
  scanDate: '2026-11-02',
  periodId: 'per1',
  reasons: [{ name: 'Price', value: 'Wrong price' }],
  message: 'Shown far below the list price.',
  scraped: { name: 'Aurora Ring', style_number: 'AR-1', price: 700, URL: 'https://shop.example/aurora', image: '', screenshot: '', brand_sku: '' },
  onHand: { serialNo: 'SN1', styleName: 'Aurora Ring', price: 1000 },
  gap: { amount: -300, percent: -30 },
};
const aCase = (over: Record<string, unknown> = {}) => ({
  _id: 'cAAAAAAAAAAAAAAAAAAAAA',
  brand: 'brand-1',
  retailer: 'r1',
  kind: 'product',
  style_number: 'AR-1',
  name: 'Aurora Ring',
  productId: 'p1',
  status: 'notified',
  severity: 'high',
  resolution: null,
  resolutionReason: null,
  openedAt: '2026-11-02T10:00:00.000Z',
  notifiedAt: '2026-11-03T10:00:00.000Z',
  resolvedAt: null,
  repeats: 1,
  evidence,
  ...over,
});
const COUNTS = { open: 1, notified: 1, acknowledged: 0, resolved: 3, repeats: 1 };
let counts = COUNTS;
/** What GET /caseEvidencePack answers (issue 24 §2); a test may change it. */
const PACK_READY = { status: 200, body: { message: 'Evidence pack ready.', link: 'http://app.test/api/exports/download?token=t1', name: 'Evidence pack - Shop - 2026-11-20.pdf', cases: 2, total: 2, truncated: false } };
let packAnswer: { status: number; body: unknown } = PACK_READY;
const PICTURES = { image: '/api/images?key=evidence%2Fbrand-1%2FcAAAAAAAAAAAAAAAAAAAAA%2F1-image.png&exp=1&sig=s', screenshot: '' };
const event = (kind: string, over: Record<string, unknown> = {}) => ({ caseId: 'cAAAAAAAAAAAAAAAAAAAAA', kind, at: '2026-11-03T10:00:00.000Z', by: { id: 'u1', name: 'Bea' }, detail: 'Emailed to buyer@shop.example', name: 'Aurora Ring', style_number: 'AR-1', ...over });
let current = aCase();
const puts: Req[] = [];

beforeEach(() => {
  current = aCase();
  counts = COUNTS;
  packAnswer = PACK_READY;
  puts.length = 0;
  shown.length = 0;
  h.answer((r) => {
    const p = r.url.pathname;
    if (p.endsWith('/cases/brand-1/r1')) {
      const resolved = r.url.searchParams.get('status') === 'resolved';
      const rows = resolved ? [aCase({ _id: 'cBBBBBBBBBBBBBBBBBBBBB', name: 'Luna Bracelet', status: 'resolved', resolution: 'dismissed', resolvedAt: '2026-11-01T00:00:00.000Z', severity: 'low' })] : current.status === 'resolved' ? [aCase({ _id: 'cCCCCCCCCCCCCCCCCCCCCC', name: 'Sol Pendant', status: 'open', severity: 'medium', repeats: 0 })] : [current, aCase({ _id: 'cCCCCCCCCCCCCCCCCCCCCC', name: 'Sol Pendant', status: 'open', severity: 'medium', repeats: 0 })];
      return { status: 200, body: { data: rows, counts, nextCursor: null } };
    }
    if (p.endsWith('/caseActivity/brand-1/r1')) {
      const kind = r.url.searchParams.get('kind');
      return { status: 200, body: { data: kind ? [event(kind, { detail: 'Price: Wrong price' })] : [event('emailed'), event('flagged', { detail: 'Price: Wrong price', at: '2026-11-02T10:00:00.000Z' })], nextCursor: null } };
    }
    if (p.endsWith('/case/cAAAAAAAAAAAAAAAAAAAAA/resolve')) {
      puts.push(r);
      current = aCase({ status: 'resolved', resolution: 'retailer_fixed', resolvedAt: '2026-11-05T00:00:00.000Z' });
      return { status: 200, body: { message: 'Case resolved.', data: current } };
    }
    if (p.endsWith('/caseActivity/brand-1/r1/export')) {
      puts.push(r);
      return { status: 202, body: { jobId: 'job1', status: 'queued', done: 0, total: null, name: 'Shop - Case activity (Flagged) - 2026-11-29.xlsx', link: null, error: null } };
    }
    if (p.endsWith('/exportFile/job1')) return { status: 200, body: { jobId: 'job1', status: 'building', done: 250, total: null, name: 'Shop - Case activity (Flagged) - 2026-11-29.xlsx', link: null, error: null } };
    if (p.endsWith('/productCase/brand-1/r1')) {
      const style = r.url.searchParams.get('style_number');
      if (style !== 'AR-1') return { status: 200, body: { data: null, events: [], nextCursor: null } };
      return r.url.searchParams.get('cursor') === 'page2'
        ? { status: 200, body: { data: current, events: [event('flagged', { detail: 'Price: Wrong price', at: '2026-11-02T10:00:00.000Z' })], nextCursor: null } }
        : { status: 200, body: { data: current, events: [event('retailer_note', { detail: 'We fixed the price.', at: '2026-11-04T10:00:00.000Z', by: { id: 'link', name: 'Shop' } }), event('emailed')], nextCursor: 'page2' } };
    }
    if (p.endsWith('/case/cAAAAAAAAAAAAAAAAAAAAA')) return { status: 200, body: { data: current, events: [event('flagged', { detail: 'Price: Wrong price' }), event('emailed')], nextCursor: null, pictures: PICTURES } };
    if (p.endsWith('/caseEvidencePack/brand-1/r1')) return packAnswer;
    return { status: 404, body: { message: 'Not found' } };
  });
});

const opened: string[] = [];
const render = async () => {
  opened.length = 0;
  h.render(
    <MemoryRouter>
      <RetailerCases brandId="brand-1" retailerId="r1" retailerName="Shop" open={(link) => opened.push(link)} />
    </MemoryRouter>,
  );
  await h.settle();
};
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;
const click = async (b: HTMLElement) => {
  await act(async () => b.click());
  await h.settle();
};
const rows = () => [...h.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

describe('CASES tab', () => {
  it('shows the counts and the active cases with their severity and status', async () => {
    await render();
    const dl = [...h.host.querySelectorAll('.cases__count')].map((d) => `${d.querySelector('dt')!.textContent} ${d.querySelector('dd')!.textContent}`);
    expect(dl).toEqual(['Open 1', 'Notified 1', 'Acknowledged 0', 'Resolved 3', 'Repeats 1']);
    expect(rows()).toEqual([
      ['High', 'Aurora RingAR-1', 'Notified'],
      ['Medium', 'Sol PendantAR-1', 'Open'],
    ]);
  });

  it('Resolved lists how each ended; Activity asks the API for one kind', async () => {
    await render();
    await click(button('Resolved'));
    expect(h.calls.some((c) => c.url.searchParams.get('status') === 'resolved')).toBe(true);
    expect(rows()).toEqual([['Low', 'Luna BraceletAR-1', 'Dismissed']]);
    await click(button('Activity'));
    expect([...h.host.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[1]!.textContent)).toEqual(['Emailed', 'Flagged']);
    const select = h.host.querySelector('select')!;
    await act(async () => {
      select.value = 'flagged';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await h.settle();
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/caseActivity/brand-1/r1')).map((c) => c.url.searchParams.get('kind'))).toContain('flagged');
    expect([...h.host.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[4]!.textContent)).toEqual(['Price: Wrong price']);
  });

  it('a case shows its evidence and log; Fixed by the retailer resolves it and the list is read again', async () => {
    await render();
    await click(button('View the case of Aurora Ring'));
    const text = dialog()!.textContent!;
    expect(text).toContain('Evidence from the scan of 11/02/2026');
    expect(text).toContain('Retailer price$700.00');
    expect(text).toContain('On-hand price$1,000.00 (SN1)');
    expect(text).toContain('Gap-$300.00 (-30%)');
    expect(text).toContain('came back once');
    // The picture kept with the case (its app link), captioned; no screenshot kept: none shown.
    const img = dialog()!.querySelector('.case__pictures img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(PICTURES.image);
    expect(img.alt).toBe('Product picture');
    expect(dialog()!.querySelectorAll('.case__picture')).toHaveLength(1);
    expect([...dialog()!.querySelectorAll('.case__log li')].map((li) => li.textContent)).toEqual(['11/03/2026 Flagged by Bea — Price: Wrong price', '11/03/2026 Emailed by Bea — Emailed to buyer@shop.example']);
    const listReads = h.calls.filter((c) => c.url.pathname.endsWith('/cases/brand-1/r1')).length;
    await click(button('Fixed by the retailer'));
    expect(puts.map((p) => p.body)).toEqual([{ resolution: 'retailer_fixed', reason: '' }]);
    expect(shown).toContain('success:Case resolved.');
    expect(dialog()!.textContent).toContain('Fixed by the retailer on 11/05/2026');
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/cases/brand-1/r1')).length).toBeGreaterThan(listReads);
    expect(button('Fixed by the retailer')).toBeUndefined();
  });

  it('Dismiss needs a reason: nothing is sent without one', async () => {
    await render();
    await click(button('View the case of Aurora Ring'));
    await click(button('Dismiss…'));
    await click(button('Dismiss'));
    expect(dialog()!.querySelector('.field__error')?.textContent).toBe('Say why the case is dismissed.');
    expect(puts).toHaveLength(0);
  });

  it('Evidence pack (PDF): made by the API for this retailer, its link opened, ready said; a failure is a toast', async () => {
    await render();
    await click(button('Evidence pack (PDF)'));
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/caseEvidencePack/brand-1/r1'))).toHaveLength(1);
    expect(opened).toEqual(['http://app.test/api/exports/download?token=t1']);
    expect(shown).toContain('success:Evidence pack ready.');
    packAnswer = { status: 409, body: { message: 'This retailer has no active case: there is nothing to put in an evidence pack.', code: 'CONFLICT' } };
    await click(button('Evidence pack (PDF)'));
    expect(opened).toHaveLength(1);
    expect(shown.some((m) => m.includes('there is nothing to put in an evidence pack'))).toBe(true);
  });

  it('Evidence pack (PDF) is disabled, saying why, when the retailer has no active case; only in the Active view', async () => {
    counts = { open: 0, notified: 0, acknowledged: 0, resolved: 3, repeats: 1 };
    await render();
    const b = button('Evidence pack (PDF)');
    expect(b.disabled).toBe(true);
    expect(document.getElementById(b.getAttribute('aria-describedby')!)?.textContent).toBe('No active case to put in a pack.');
    await click(b);
    expect(h.calls.some((c) => c.url.pathname.includes('/caseEvidencePack/'))).toBe(false);
    await click(button('Resolved'));
    expect(button('Evidence pack (PDF)')).toBeUndefined();
  });
});

describe("Activity's Export", () => {
  it('starts the export of the log with the kind shown and shows the job beside the button', async () => {
    await render();
    await click(button('Activity'));
    const select = h.host.querySelector('select')!;
    await act(async () => {
      select.value = 'flagged';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await h.settle();
    await click(button('Export the case log'));
    expect(button('Export the case log').textContent).toBe('Export');
    expect(puts.map((p) => [p.method, p.url.pathname.replace(/^.*\/api/, ''), p.body])).toEqual([['POST', '/caseActivity/brand-1/r1/export', { kind: 'flagged' }]]);
    for (let i = 0; i < 20 && !h.host.querySelector('[role="status"]')?.textContent?.includes('250'); i++) await h.settle(2);
    expect(h.host.querySelector('[role="status"]')!.textContent).toBe('Building the export… 250 rows');
  });
});

describe("the product page's case", () => {
  const renderProduct = async (styleNumber: string) => {
    h.render(
      <MemoryRouter>
        <ProductCase brandId="brand-1" retailerId="r1" retailerName="Shop" styleNumber={styleNumber} />
      </MemoryRouter>,
    );
    await h.settle();
  };
  const log = () => [...h.host.querySelectorAll('.pp-case__log li')].map((li) => li.textContent);

  it('shows the state and severity, the log newest first a page at a time, and a link to the CASES tab', async () => {
    await renderProduct('AR-1');
    expect(h.host.querySelector('.pp-case__status')!.textContent).toBe('High Notified · emailed 11/03/2026 · open since 11/02/2026 · came back once');
    expect(log()).toEqual(['11/04/2026 Retailer note by Shop — We fixed the price.', '11/03/2026 Emailed by Bea — Emailed to buyer@shop.example']);
    const link = h.host.querySelector('a')!;
    expect([link.textContent, link.getAttribute('href'), link.getAttribute('aria-label')]).toEqual(['Open in Cases', '/dashboard/retailer/r1?side=cases', 'Open in Cases of Shop']);
    await click(button('Show more'));
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/productCase/brand-1/r1')).map((c) => c.url.searchParams.get('cursor'))).toContain('page2');
    expect(log()).toEqual(['11/04/2026 Retailer note by Shop — We fixed the price.', '11/03/2026 Emailed by Bea — Emailed to buyer@shop.example', '11/02/2026 Flagged by Bea — Price: Wrong price']);
    expect(button('Show more')).toBeUndefined();
  });

  it('a product that never had a case says so quietly, without a log or a link', async () => {
    await renderProduct('ZZ-9');
    expect(h.host.querySelector('.pp-case')!.textContent).toBe('CaseThis product has never had a case at this retailer.');
    expect(h.host.querySelector('a')).toBeNull();
  });
});
