/**
 * The post office's Robot Health panel (issue 25) in jsdom, fetch stubbed at the network edge: the
 * open problems with their retailer, robot, label, since, last good file and why, the count and
 * the last daily check, 'Show more' asking for the next page with the cursor, the empty state;
 * the robots' schedules read only once their disclosure opens, a schedule saved, set back to the
 * default, refused by the form and refused by the server (its message under the field).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROBOT_HEALTH_MSG } from '../../../shared/messages/robot-health';
import { featureHarness, type Req } from '../support/feature-harness';
import { type } from '../support/form-fields';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { RobotHealthPanel } = await import('../../../web/src/features/post-office/components/robot-health-panel');

const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }] } });
const retailer = (n: number) => ({ _id: `ret-${n}`, name: `Store ${n}`, slug: `store-${n}` });
const problem = (n: number, over: Record<string, unknown> = {}) => ({
  id: `p${n}`,
  retailer: retailer(n),
  type: 'product',
  robot: `product-robot-${n}.csv`,
  kind: 'late',
  detail: ROBOT_HEALTH_MSG.late('11/02/2026', '11/09/2026'),
  since: '2026-11-11',
  file: null,
  lastGoodFile: { _id: `f${n}`, date: '2026-11-02', rowCount: 1204 },
  notifiedAt: null,
  ...over,
});
const robot = (n: number, over: Record<string, unknown> = {}) => ({
  retailer: retailer(n),
  type: 'brand',
  robot: `brand-robot-${n}.csv`,
  lastFile: { _id: `f${n}`, date: '2026-11-20', rowCount: 12 },
  lastGoodFile: { _id: `f${n}`, date: '2026-11-20', rowCount: 12 },
  recentRowCounts: [10, 11, 12],
  cadenceDays: 7,
  cadenceSet: false,
  expectedBy: '2026-11-27',
  problems: [],
  ...over,
});

let problems: { data: unknown[]; totalCount: number; nextCursor: string | null; lastCheckAt: string | null }[] = [];
let robots: unknown[] = [];
let onPut: (r: Req) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
beforeEach(() => {
  problems = [
    {
      data: [problem(1), problem(2, { kind: 'thin', type: 'brand', robot: 'brand-2.csv', detail: ROBOT_HEALTH_MSG.thin('11/20/2026', 3, 12, 25), file: { _id: 'f-thin', date: '2026-11-20', rowCount: 3 }, lastGoodFile: null })],
      totalCount: 3,
      nextCursor: 'c-2',
      lastCheckAt: '2026-11-28T06:00:00.000Z',
    },
    { data: [problem(3, { kind: 'stuck', since: '2026-11-21' })], totalCount: 3, nextCursor: null, lastCheckAt: '2026-11-28T06:00:00.000Z' },
  ];
  robots = [robot(1), robot(2, { type: 'product', robot: 'product-robot-2.csv', cadenceDays: 14, cadenceSet: true, problems: ['late'], lastFile: null, lastGoodFile: null, recentRowCounts: [], expectedBy: null })];
  h.answer((r) => {
    if (r.url.pathname === '/api/robotHealth') return { status: 200, body: r.url.searchParams.get('cursor') === 'c-2' ? problems[1] : problems[0] };
    if (r.url.pathname === '/api/robots') return { status: 200, body: { data: robots, totalCount: robots.length, nextCursor: null } };
    if (r.method === 'PUT') return onPut(r);
    return { status: 404, body: { message: 'Not found.' } };
  });
});

const render = () =>
  h.render(
    <MemoryRouter>
      <RobotHealthPanel />
    </MemoryRouter>,
  );
const cells = (tr: Element) => [...tr.querySelectorAll('td')].map((td) => td.textContent);
const problemRows = () => [...h.host.querySelectorAll('tr[data-problem-id]')];
const openRobots = async () => {
  const details = h.host.querySelector('details')!;
  await act(async () => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  await h.settle();
};

describe('Robot Health panel', () => {
  it('lists the open problems with the count and the last daily check', async () => {
    await render();
    await h.settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Robot Health');
    expect(h.host.querySelector('.rh-panel__count')?.textContent).toBe('3 open problems');
    expect(h.host.querySelector('.rh-panel__check')?.textContent).toMatch(/^Last daily check: 11\/2[78]\/2026 \d\d:\d\d$/);
    expect([...h.host.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Retailer', 'Robot', 'Problem', 'Since', 'Last good file', 'Detail']);
    expect(problemRows().map(cells)).toEqual([
      ['Store 1', 'Productsproduct-robot-1.csv', 'Late', '11/11/2026', '11/02/2026 · 1,204 rows', 'No file since 11/02/2026; one was expected by 11/09/2026.'],
      ['Store 2', 'Brand pagebrand-2.csv', 'Thin file', '11/11/2026', 'None yet', 'The file of 11/20/2026 has 3 rows, 25 % of the usual 12. Open the file'],
    ]);
    // The thin file opens in the comparison, with the way back.
    const link = screen.getByRole('link', { name: 'Open the file of Store 2 of 11/20/2026' });
    expect(link.getAttribute('href')).toBe('/admin/post-office/comparison/f-thin');
    expect(h.calls.map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual(['/api/robotHealth?limit=10']);
  });

  it("'Show more' asks for the next page with the cursor and adds its problems; no more once the last page is in", async () => {
    await render();
    await h.settle();
    await act(async () => screen.getByRole('button', { name: 'Show more' }).click());
    await h.settle();
    expect(h.calls.map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'c-2']);
    expect(problemRows().map((tr) => tr.getAttribute('data-problem-id'))).toEqual(['p1', 'p2', 'p3']);
    expect(cells(problemRows()[2]!)[2]).toBe('Stuck in review');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says every robot is healthy when nothing is open, and that the daily check has not run', async () => {
    problems[0] = { data: [], totalCount: 0, nextCursor: null, lastCheckAt: null };
    await render();
    await h.settle();
    expect(h.host.querySelector('.rh-panel__empty')?.textContent).toBe(ROBOT_HEALTH_MSG.noProblems);
    expect(h.host.querySelector('.rh-panel__check')?.textContent).toBe(ROBOT_HEALTH_MSG.neverChecked);
    expect(h.host.querySelector('table')).toBeNull();
  });
});

describe('Robots and their schedule', () => {
  it('are read only once opened: last file, expected by, recent rows, the schedule', async () => {
    await render();
    await h.settle();
    expect(h.calls.some((c) => c.url.pathname === '/api/robots')).toBe(false);
    expect(h.host.querySelector('summary')?.textContent).toBe('Robots and their schedule');
    await openRobots();
    expect(h.calls.filter((c) => c.url.pathname === '/api/robots').map((c) => c.url.searchParams.toString())).toEqual(['limit=25']);
    const rows = [...h.host.querySelectorAll('tr[data-robot]')];
    expect(rows.map((tr) => cells(tr).slice(0, 5))).toEqual([
      ['Store 1', 'Brand pagebrand-robot-1.csv', '11/20/2026 · 12 rows', '11/27/2026', '10 · 11 · 12'],
      ['Store 2', 'Productsproduct-robot-2.csvLate', 'None yet', 'N/A', 'None'],
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Schedule of Store 1, Brand page, in days').value).toBe('7');
    expect(screen.getByLabelText<HTMLInputElement>('Schedule of Store 2, Products, in days').value).toBe('14');
    // 'Use default' only where the admin set a schedule.
    expect(screen.getAllByRole('button', { name: /^Use default/ }).map((b) => b.closest('tr')?.getAttribute('data-robot'))).toEqual(['ret-2#product']);
  });

  it('Save sends the days, says so and shows the robot as the server holds it', async () => {
    onPut = () => ({ status: 200, body: { message: ROBOT_HEALTH_MSG.scheduleSaved, robot: robot(1, { cadenceDays: 3, cadenceSet: true, expectedBy: '2026-11-23' }) } });
    await render();
    await h.settle();
    await openRobots();
    type('Schedule of Store 1, Brand page, in days', '3');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save schedule of Store 1, Brand page, in days' })));
    await h.settle();
    const put = h.calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => [c.url.pathname, c.body])).toEqual([['/api/robots/ret-1/brand', { cadenceDays: 3 }]]);
    expect(shown).toEqual([`success:${ROBOT_HEALTH_MSG.scheduleSaved}`]);
    const row = h.host.querySelector('tr[data-robot="ret-1#brand"]')!;
    expect(cells(row)[3]).toBe('11/23/2026');
    expect(screen.getByLabelText<HTMLInputElement>('Schedule of Store 1, Brand page, in days').value).toBe('3');
    // The robots were not read again: the answer's robot took its place.
    expect(h.calls.filter((c) => c.url.pathname === '/api/robots')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Use default/ })).toHaveLength(2);
  });

  it("'Use default' sends null", async () => {
    onPut = () => ({ status: 200, body: { message: ROBOT_HEALTH_MSG.scheduleReset, robot: robot(2, { type: 'product', robot: 'product-robot-2.csv', cadenceDays: 7, cadenceSet: false }) } });
    await render();
    await h.settle();
    await openRobots();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Use default/ })));
    await h.settle();
    expect(h.calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body])).toEqual([['/api/robots/ret-2/product', { cadenceDays: null }]]);
    expect(shown).toEqual([`success:${ROBOT_HEALTH_MSG.scheduleReset}`]);
    expect(screen.getByLabelText<HTMLInputElement>('Schedule of Store 2, Products, in days').value).toBe('7');
    expect(screen.queryAllByRole('button', { name: /^Use default/ })).toHaveLength(0);
  });

  it('a schedule the form refuses is said under the field and not sent', async () => {
    await render();
    await h.settle();
    await openRobots();
    for (const bad of ['0', '2.5', '', '91']) {
      type('Schedule of Store 1, Brand page, in days', bad);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save schedule of Store 1, Brand page, in days' })));
      await h.settle();
      const input = screen.getByLabelText('Schedule of Store 1, Brand page, in days');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(h.host.querySelector('tr[data-robot="ret-1#brand"] [role="alert"]')?.textContent).toBe(ROBOT_HEALTH_MSG.cadenceInvalid);
    }
    expect(h.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("a 400 of the server shows its message under the field (by the issue's path, else the message)", async () => {
    onPut = () => ({ status: 400, body: { message: 'The schedule must be a whole number of days from 1 to 90.', code: 'VALIDATION', issues: [{ path: 'cadenceDays', message: 'The schedule must be a whole number of days from 1 to 90.' }] } });
    await render();
    await h.settle();
    await openRobots();
    type('Schedule of Store 1, Brand page, in days', '30');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save schedule of Store 1, Brand page, in days' })));
    await h.settle();
    expect(h.host.querySelector('tr[data-robot="ret-1#brand"] [role="alert"]')?.textContent).toBe('The schedule must be a whole number of days from 1 to 90.');
    onPut = () => ({ status: 400, body: { message: 'This retailer’s schedule is held by its scan cadence.', code: 'VALIDATION' } });
    type('Schedule of Store 2, Products, in days', '20');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save schedule of Store 2, Products, in days' })));
    await h.settle();
    expect(h.host.querySelector('tr[data-robot="ret-2#product"] [role="alert"]')?.textContent).toBe('This retailer’s schedule is held by its scan cadence.');
    expect(shown).toEqual([]);
  });

  it('any other failure goes to the toast (a robot gone: 404)', async () => {
    onPut = () => ({ status: 404, body: { message: ROBOT_HEALTH_MSG.robotNotFound, code: 'NOT_FOUND' } });
    await render();
    await h.settle();
    await openRobots();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save schedule of Store 1, Brand page, in days' })));
    await h.settle();
    expect(shown).toEqual([`warning:${ROBOT_HEALTH_MSG.robotNotFound}`]);
    expect(h.host.querySelector('tr[data-robot="ret-1#brand"] [role="alert"]')).toBeNull();
  });
});
