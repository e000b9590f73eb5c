/**
 * The post office's Failed deliveries panel in jsdom (fetch stubbed at the network edge): hidden
 * when nothing failed; otherwise each delivery with its file, kind, reason and tries, and Retry,
 * which posts the redrive, says what the server answered, and shows "Retrying…" until the list
 * reloads without it. A delivery whose event was too large to keep cannot be retried from here.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { FailedDeliveries } = await import('../../../web/src/features/post-office/components/failed-deliveries');

const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }] } });
const failure = (over: Record<string, unknown> = {}) => ({
  id: 'fail-1',
  source: 'ingest',
  subject: 'incoming/product/harrowgate-finch/2026-11-23/robot.csv@0a1b2c',
  reason: 'Task timed out after 600.00 seconds',
  tries: 3,
  failures: 1,
  status: 'open',
  firstFailedAt: '2026-11-23T08:00:00.000Z',
  lastFailedAt: '2026-11-23T08:00:00.000Z',
  redrivenAt: null,
  redrivenBy: null,
  canRetry: true,
  ...over,
});
let list: unknown[] = [];
beforeEach(() => {
  list = [failure(), failure({ id: 'fail-2', subject: 'jobs/basket-export/j1.json@ff', source: 'basket-export', canRetry: false, failures: 2 })];
  h.answer((r) => {
    if (r.url.pathname.endsWith('/failedDeliveries') && r.method === 'GET') return { status: 200, body: { data: list, totalCount: list.length, nextCursor: null } };
    if (r.url.pathname.endsWith('/failedDeliveries/fail-1/redrive')) {
      list = [failure({ status: 'redriving' }), list[1]];
      return { status: 200, body: { message: 'Sent again. The post office shows the outcome when it has run.', failure: list[0] } };
    }
    return { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
  });
});

const render = () =>
  h.render(
    <MemoryRouter>
      <FailedDeliveries />
    </MemoryRouter>,
  );

describe('Failed deliveries', () => {
  it('is not shown when nothing failed', async () => {
    list = [];
    await render();
    await h.settle();
    expect(h.host.textContent).toBe('');
  });

  it('lists each delivery with its file (without the ETag), kind, reason and tries', async () => {
    await render();
    await h.settle();
    expect(h.host.querySelector('h2')?.textContent).toBe('Failed deliveries (2)');
    const rows = [...h.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent));
    expect(rows).toEqual([
      ['incoming/product/harrowgate-finch/2026-11-23/robot.csv', 'Robot file ingest', 'Task timed out after 600.00 seconds', '3'],
      ['jobs/basket-export/j1.json', 'Basket export', 'Task timed out after 600.00 seconds', '3 × 2'],
    ]);
    const buttons = [...h.host.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['Retry', false],
      ['Retry', true],
    ]);
  });

  it('Retry posts the redrive once, says so, and shows the delivery as being retried', async () => {
    await render();
    await h.settle();
    const retry = h.host.querySelector<HTMLButtonElement>('button[aria-label^="Retry incoming/product/harrowgate-finch"]')!;
    await act(async () => retry.click());
    await h.settle();
    expect(h.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/failedDeliveries/fail-1/redrive']);
    expect(shown).toContain('success:Sent again. The post office shows the outcome when it has run.');
    expect(h.host.querySelector('[data-failure-id="fail-1"] [role="status"]')?.textContent).toBe('Retrying…');
  });

  it('a refused Retry says why', async () => {
    h.answer((r) => {
      if (r.method === 'POST') return { status: 409, body: { message: 'This delivery is already being retried or has succeeded since.' } };
      return { status: 200, body: { data: list, totalCount: list.length, nextCursor: null } };
    });
    await render();
    await h.settle();
    await act(async () => h.host.querySelector<HTMLButtonElement>('button')!.click());
    await h.settle();
    expect(shown).toContain('error:This delivery is already being retried or has succeeded since.');
  });
});
