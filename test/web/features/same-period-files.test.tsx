/**
 * The comparison page's Same period files in jsdom (fetch stubbed at the network edge): the
 * retailer's other files of the period as links; the spec's empty text when there are none; and a
 * failed read is never shown as "none": it says the list could not be loaded and offers Try again.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { featureHarness } from '../support/feature-harness';

const { SamePeriodFiles } = await import('../../../web/src/features/post-office/components/same-period-files');

const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }] } });
const file = {
  _id: 'f2',
  fileName: 'brand-robot.csv',
  type: 'brand',
  date: '2026-11-16',
  approvedStatus: 'APPROVED',
  flag: 'green',
};
let answer: { status: number; body: unknown };
let reads = 0;
beforeEach(() => {
  reads = 0;
  answer = { status: 200, body: { samePeriodFiles: [file] } };
  h.answer((r) => {
    if (r.url.pathname.endsWith('/samePeriodFiles/f1')) {
      reads++;
      return answer;
    }
    return { status: 404, body: { message: 'Not found' } };
  });
});

const render = () =>
  h.render(
    <MemoryRouter>
      <SamePeriodFiles fileId="f1" />
    </MemoryRouter>,
  );

describe('Same period files', () => {
  it('lists the files as links to their comparisons', async () => {
    await render();
    await h.settle();
    const links = [...h.host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/admin/post-office/comparison/f2']);
    expect(links[0]!.textContent).toContain('brand-robot.csv');
  });

  it("says 'No Same period files exist' when there are none", async () => {
    answer = { status: 200, body: { samePeriodFiles: [] } };
    await render();
    await h.settle();
    expect(h.host.textContent).toContain('No Same period files exist');
  });

  it('says a failed read could not be loaded (not "none"), and Try again reads it again', async () => {
    answer = { status: 500, body: { message: 'Internal server error' } };
    await render();
    await h.settle();
    expect(h.host.textContent).not.toContain('No Same period files exist');
    expect(h.host.querySelector('[role="alert"]')?.textContent).toContain('The same period files could not be loaded.');
    const before = reads;
    answer = { status: 200, body: { samePeriodFiles: [file] } };
    const retry = [...h.host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    await h.settle();
    expect(reads).toBeGreaterThan(before);
    expect([...h.host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/admin/post-office/comparison/f2']);
  });
});
