/**
 * The demo month is dated from the day its data is made (issue 37), whatever that day: seeded at
 * three different "today"s (a month's 1st just after midnight, mid-month, the last day of a year),
 * its scans, approvals, flags, notices and robot check all fall before that moment, in order, and
 * read as a live programme through the product's own rules (nextScanOf, the Cases panel's month).
 */
import { describe, expect, it } from 'vitest';
import { daysBetween, demoCalendar, laterBy, staleDemoNotice } from '../../../infra/local/demo-calendar';
import { thisMorning } from '../../../infra/local/demo-dashboard';
import { arrivalOf } from '../../../infra/local/demo-seed';
import { SEED_RETAILERS } from '../../../infra/local/seed';
import { nextScanOf } from '../../../functions/scrapings/domain/scan-info';

const TODAYS = ['2027-03-01T00:20:00.000Z', '2026-12-07T10:00:00.000Z', '2026-12-31T23:50:00.000Z'];

describe.each(TODAYS)('the demo month made at %s', (iso) => {
  const now = new Date(iso);
  const cal = demoCalendar(now);

  it('has four weekly scans, the last a few days ago, and the robot check of that very day', () => {
    expect(cal.today).toBe(iso.slice(0, 10));
    expect(cal.periods.map((p, i) => (i ? daysBetween(cal.periods[i - 1]!, p) : 0))).toEqual([0, 7, 7, 7]);
    const ago = daysBetween(cal.periods[3], cal.today);
    expect(ago).toBeGreaterThanOrEqual(2);
    expect(ago).toBeLessThanOrEqual(10);
    expect(cal.ohDate).toBe(cal.periods[2]);
    expect(cal.healthCheck.slice(0, 10)).toBe(cal.today);
    expect(Date.parse(cal.healthCheck)).toBeLessThanOrEqual(now.getTime());
  });

  it('approves every file before that moment, and each retailer’s latest scan reads as scheduled ahead (Next Scan never in the past)', () => {
    for (const [week, date] of cal.periods.entries()) {
      for (const i of SEED_RETAILERS.keys()) {
        const at = arrivalOf(date, i, week);
        expect(at.getTime(), `${date} retailer ${i}`).toBeLessThan(now.getTime());
        expect(daysBetween(date, at.toISOString().slice(0, 10))).toBeGreaterThanOrEqual(1);
      }
    }
    for (const i of SEED_RETAILERS.keys()) {
      const approved = arrivalOf(cal.periods[3], i, 3).toISOString();
      const next = nextScanOf({ period: { date: cal.periods[3], approvedDate: approved }, today: cal.today });
      expect(next.state).toBe('scheduled');
      // The late retailer's latest scan is the third: its Next Scan is overdue since the fourth's date.
      const late = nextScanOf({ period: { date: cal.periods[2], approvedDate: arrivalOf(cal.periods[2], i, 2).toISOString() }, today: cal.today });
      expect(late).toEqual({ state: 'overdue', date: cal.periods[3] });
    }
  });

  it('dates the morning’s flags and notice in the month of that moment, after the approval, never after the moment', () => {
    for (const i of SEED_RETAILERS.keys()) {
      const approved = arrivalOf(cal.periods[3], i, 3).toISOString();
      const flagged = thisMorning(approved, cal.now);
      expect(Date.parse(flagged)).toBeGreaterThan(Date.parse(approved));
      expect(Date.parse(flagged)).toBeLessThan(now.getTime());
      const notified = laterBy(flagged, 0.01, cal.now);
      expect(notified >= flagged && Date.parse(notified) <= now.getTime()).toBe(true);
      // The Cases panel's month (UTC, functions/cases/summary.ts) counts them: not 0 even on the 1st.
      expect(flagged.slice(0, 7)).toBe(iso.slice(0, 7));
      // Harrowgate & Finch's answers come after its flags of the approval, never after the moment.
      const answered = laterBy(approved, 2, cal.now);
      expect(answered > laterBy(approved, 1, cal.now) && answered > approved && Date.parse(answered) <= now.getTime()).toBe(true);
    }
  });
});

describe('a demo month made long ago', () => {
  it('is said once at start with the way to a fresh one; a recent one says nothing', () => {
    const cal = demoCalendar(new Date('2026-11-20T08:00:00Z'));
    expect(staleDemoNotice(cal, '2026-11-24')).toBeNull();
    const notice = staleDemoNotice(cal, '2026-12-07');
    expect(notice).toContain('made on 2026-11-20, 17 days ago');
    expect(notice).toContain('npm start -- --fresh');
    expect(notice).toContain('.data-2026-11-20/');
  });
  it('refuses a moment that is not a date', () => {
    expect(() => demoCalendar(new Date('2026-99-99'))).toThrow('not a date');
  });
});
