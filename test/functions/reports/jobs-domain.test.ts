/** The scheduled jobs' pure parts: the period of a run, who receives it and what they see, the digest's sums. */
import { describe, expect, it } from 'vitest';
import { DigestBuilder } from '../../../functions/reports/domain/digest';
import { digestPeriodEnding, isPeriodOf, periodLabel, periodOf, windowOf } from '../../../functions/reports/domain/job-periods';
import { groupByVisibleSet, recipientsOf, type JobUser } from '../../../functions/reports/domain/recipients';
import type { Activity } from '../../../functions/scrapings/activity';

describe('periodOf', () => {
  it('the monthly report of the 1st covers the month before (across a year end)', () => {
    expect(periodOf('monthly-report', new Date('2026-12-01T06:00:00Z'))).toBe('2026-11');
    expect(periodOf('monthly-report', new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
    expect(periodOf('monthly-report', new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });

  it('the daily digest covers the day before, the weekly one the seven days before (named by the first)', () => {
    expect(periodOf('daily-digest', new Date('2026-03-01T06:00:00Z'))).toBe('2026-02-28');
    expect(periodOf('weekly-digest', new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-16');
    expect(windowOf('daily-digest', '2026-02-28')).toEqual({ from: '2026-02-28T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' });
    expect(windowOf('weekly-digest', '2026-11-16')).toEqual({ from: '2026-11-16T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' });
    expect(digestPeriodEnding('weekly-digest', '2026-11-22')).toBe('2026-11-16');
    expect(digestPeriodEnding('daily-digest', '2026-11-22')).toBe('2026-11-22');
  });

  it('checks a period has the shape of its job and is a real date', () => {
    expect(isPeriodOf('monthly-report', '2026-03')).toBe(true);
    for (const bad of ['2026-13', '2026-3', '03-2026', '2026-03-01', '']) expect(isPeriodOf('monthly-report', bad), bad).toBe(false);
    expect(isPeriodOf('daily-digest', '2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-99-99', '2026-11', '2026-11-1']) expect(isPeriodOf('daily-digest', bad), bad).toBe(false);
  });

  it('the daily checks (overdue cases, robots) are named by the day they run, a real day', () => {
    expect(periodOf('case-escalation', new Date('2026-11-29T07:00:00Z'))).toBe('2026-11-29');
    expect(periodOf('robot-health', new Date('2026-11-29T05:30:00Z'))).toBe('2026-11-29');
    expect(isPeriodOf('robot-health', '2026-11-29')).toBe(true);
    for (const bad of ['2026-99-99', '2026-11', '2026-02-30']) expect(isPeriodOf('robot-health', bad), bad).toBe(false);
    expect(periodLabel('robot-health', '2026-11-29')).toBe('November 29, 2026');
  });

  it('labels periods as the emails say them', () => {
    expect(periodLabel('monthly-report', '2026-03')).toBe('March 2026');
    expect(periodLabel('daily-digest', '2026-11-02')).toBe('November 02, 2026');
    expect(periodLabel('weekly-digest', '2026-12-28')).toBe('December 28, 2026 – January 03, 2027');
  });
});

const user = (over: Partial<JobUser> & Pick<JobUser, '_id'>): JobUser => ({ email: `${over._id}@x.test`, name: over._id, roles: [{ name: 'User' }], status: 'active', emailFrequency: 'Monthly', ...over });

describe('recipientsOf', () => {
  const enabled = ['r1', 'r2', 'r3'];
  it('takes the active users of the frequency; a User with assigned retailers sees the enabled ones of them, others all', () => {
    const out = recipientsOf(
      [
        user({ _id: 'a', roles: [{ name: 'BRAND_ADMIN' }], associated_retailers: ['r1'] }),
        user({ _id: 'u', associated_retailers: ['r3', 'r1', 'gone'] }),
        user({ _id: 'w', emailFrequency: 'Weekly' }),
        user({ _id: 'p', status: 'pending' }),
        user({ _id: 'd', status: 'disabled' }),
        user({ _id: 'n', emailFrequency: undefined }),
      ],
      enabled,
      'Monthly',
    );
    expect(out.map((r) => [r.userId, r.all, r.retailers])).toEqual([
      ['a', true, enabled],
      ['u', false, ['r1', 'r3']],
    ]);
  });

  it('groups recipients by the set they see (order of the assignment does not matter)', () => {
    const rs = recipientsOf([user({ _id: 'a' }), user({ _id: 'b', associated_retailers: ['r2', 'r1'] }), user({ _id: 'c', associated_retailers: ['r1', 'r2'] }), user({ _id: 'd' })], enabled, 'Monthly');
    expect(groupByVisibleSet(rs).map((g) => [g.key, g.recipients.map((r) => r.userId)])).toEqual([
      ['ALL', ['a', 'd']],
      ['r1,r2', ['b', 'c']],
    ]);
  });
});

describe('DigestBuilder', () => {
  const at = '2026-11-22T10:00:00.000Z';
  const flag = (retailer: string, name: string, o: Partial<Activity>): Activity =>
    ({ kind: 'flag', brand: 'b', retailer, at, productId: name, name, wasFlagged: false, flagged: true, wasPrice: false, price: false, ...o }) as Activity;
  it('sums approvals, added/removed and flag changes per retailer, for the retailers asked, in their order; a quiet retailer is left out', () => {
    const d = new DigestBuilder();
    d.add([
      { kind: 'approved', brand: 'b', retailer: 'r1', at, fileId: 'f1', fileType: 'product', date: '2026-11-21', periodId: 'p1', added: 3, deleted: 1, changed: 2, totalProducts: 9 },
      { kind: 'approved', brand: 'b', retailer: 'r1', at, fileId: 'f2', fileType: 'homepage', date: '2026-11-21' },
      flag('r2', 'Bag', { price: true }),
      flag('r2', 'Belt', {}),
    ]);
    d.add([flag('r2', 'Bag', { wasFlagged: true, wasPrice: true, flagged: false, price: false }), flag('r2', 'Shoe', { wasFlagged: true, price: true })]);
    expect(d.sectionsFor(['r2', 'r1', 'r3'])).toEqual([
      { retailer: 'r2', filesApproved: 0, scans: [], productsAdded: 0, productsRemoved: 0, productsUpdated: 0, newFlags: 2, priceIssues: 2, flagsRemoved: 1, flagged: [{ name: 'Bag', price: true }, { name: 'Belt', price: false }, { name: 'Shoe', price: true }] },
      { retailer: 'r1', filesApproved: 2, scans: ['2026-11-21'], productsAdded: 3, productsRemoved: 1, productsUpdated: 2, newFlags: 0, priceIssues: 0, flagsRemoved: 0, flagged: [] },
    ]);
    expect(d.sectionsFor(['r3'])).toEqual([]);
  });
});
