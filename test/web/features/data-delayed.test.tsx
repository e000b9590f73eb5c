/**
 * The brands' "Data delayed since MM/DD/YYYY" (issue 25) in jsdom: on a summary tile, on the
 * Retailer List row (fetch stubbed at the network edge) and beside the name in the retailer page's
 * head, with the why as its title and for a screen reader; nothing where the data is not delayed.
 */
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROBOT_HEALTH_MSG } from '../../../shared/messages/robot-health';
import type { RetailerScrapingRecord } from '../../../shared/schemas/retailer-scrapings';
import { featureHarness } from '../support/feature-harness';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { RetailerTile } = await import('../../../web/src/features/brand-summary/components/retailer-tile');
const { RetailerList } = await import('../../../web/src/features/brand-summary/components/retailer-list');
const { RetailerHeader } = await import('../../../web/src/features/retailer-view/components/retailer-header');
const { getSession } = await import('../../../web/src/lib/session');

const h = featureHarness();
const rec = (n: number, over: Partial<RetailerScrapingRecord> = {}): RetailerScrapingRecord => ({
  _id: `p${n}`,
  date: '2026-11-20',
  retailer: { _id: `r${n}`, name: `Store ${n}`, optId: `S${n}` },
  brand_retailer: { webSiteType: 'retailerWithProducts' },
  brand_name: 'B',
  brand_screenshot: '',
  totalProducts: 10,
  previousTotalProducts: 9,
  flaggedProduct: 1,
  suggestions: null,
  approvedDate: '2026-11-21T10:00:00.000Z',
  nextScanDay: '2026-11-27',
  nextScan: { state: 'overdue', date: '2026-11-27' },
  isFlagged: 'no',
  users: [],
  delayedSince: null,
  delayedKind: null,
  ...over,
});
const delayed = () => [...h.host.querySelectorAll('.data-delayed')];

beforeEach(() => {
  h.answer(() => ({ status: 200, body: { data: [rec(1, { delayedSince: '2026-11-02', delayedKind: 'late' }), rec(2)], totalCount: 2, page: 1 } }));
});

describe('Data delayed since', () => {
  it('on a summary tile: the date as MM/DD/YYYY, the why as its title and for a screen reader', async () => {
    await h.render(
      <MemoryRouter>
        <ul>
          <RetailerTile record={rec(1, { delayedSince: '2026-11-02', delayedKind: 'stuck' })} showReps={false} />
          <RetailerTile record={rec(2)} showReps={false} />
        </ul>
      </MemoryRouter>,
    );
    const [line, ...others] = delayed();
    expect(others).toEqual([]);
    expect(line!.closest('[data-retailer]')?.getAttribute('data-retailer')).toBe('r1');
    expect(line!.querySelector('.data-delayed__text')?.textContent).toBe(ROBOT_HEALTH_MSG.dataDelayedSince('11/02/2026'));
    expect(line!.textContent).toBe('Data delayed since 11/02/2026. ' + ROBOT_HEALTH_MSG.dataDelayedTitle);
    expect(line!.getAttribute('title')).toBe(ROBOT_HEALTH_MSG.dataDelayedTitle);
  });

  it('on the Retailer List row, under the retailer’s name', async () => {
    await h.render(
      <MemoryRouter>
        <RetailerList session={getSession()!} />
      </MemoryRouter>,
    );
    await h.settle();
    const rows = [...h.host.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('td .data-delayed__text')?.textContent).toBe('Data delayed since 11/02/2026');
    expect(rows[0]!.querySelector('td a')?.textContent).toBe('Store 1');
    expect(rows[1]!.querySelector('.data-delayed')).toBeNull();
  });

  it('in the retailer page’s head, beside the name; nothing when not delayed', async () => {
    const head = (delayedSince: string | null) => (
      <MemoryRouter>
        <RetailerHeader info={{ retailer: { _id: 'r1', name: 'Store 1' } }} nextScan={{ state: 'none' }} periods={[]} selected={undefined} shownPeriodId={undefined} delayedSince={delayedSince} />
      </MemoryRouter>
    );
    await h.render(head('2026-11-21'));
    expect(h.host.querySelector('.rv-head__title .data-delayed__text')?.textContent).toBe('Data delayed since 11/21/2026');
    await h.render(head(null));
    expect(delayed()).toEqual([]);
  });
});
