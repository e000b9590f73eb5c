import { describe, expect, it } from 'vitest';
import { addCalendarMonths, periodExpiresAt, RETENTION_MONTHS, SCRAPED_OBJECT_DAYS, utcDayMs } from '../../shared/retention';

const epoch = (iso: string) => Date.parse(iso) / 1000;

describe('periodExpiresAt: a period\'s items go 6 calendar months after its date (UTC)', () => {
  it('is midnight UTC of the same day six months later, in epoch seconds', () => {
    expect(periodExpiresAt('2026-11-16')).toBe(epoch('2027-05-16T00:00:00Z'));
    expect(periodExpiresAt('2026-01-05')).toBe(epoch('2026-07-05T00:00:00Z'));
    expect(Number.isInteger(periodExpiresAt('2026-01-05'))).toBe(true);
  });

  it('crosses the year', () => {
    expect(periodExpiresAt('2026-07-01')).toBe(epoch('2027-01-01T00:00:00Z'));
    expect(periodExpiresAt('2026-12-31')).toBe(epoch('2027-06-30T00:00:00Z'));
  });

  it('ends on the last day of a shorter month (Aug 31 + 6 months)', () => {
    expect(periodExpiresAt('2026-08-31')).toBe(epoch('2027-02-28T00:00:00Z'));
    expect(periodExpiresAt('2026-08-29')).toBe(epoch('2027-02-28T00:00:00Z'));
    expect(periodExpiresAt('2026-08-28')).toBe(epoch('2027-02-28T00:00:00Z'));
    expect(periodExpiresAt('2026-05-31')).toBe(epoch('2026-11-30T00:00:00Z'));
  });

  it('knows leap years (2028 has Feb 29; 2100 does not, 2000 did)', () => {
    expect(periodExpiresAt('2027-08-31')).toBe(epoch('2028-02-29T00:00:00Z'));
    expect(periodExpiresAt('2027-08-29')).toBe(epoch('2028-02-29T00:00:00Z'));
    expect(periodExpiresAt('2099-08-31')).toBe(epoch('2100-02-28T00:00:00Z'));
    expect(periodExpiresAt('1999-08-30')).toBe(epoch('2000-02-29T00:00:00Z'));
    expect(periodExpiresAt('2028-02-29')).toBe(epoch('2028-08-29T00:00:00Z'));
  });

  it('never goes backwards as the date moves on (TTL order follows scan order)', () => {
    let previous = 0;
    for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(2029, 0, 1); ms += 86_400_000) {
      const at = periodExpiresAt(new Date(ms).toISOString().slice(0, 10));
      expect(at).toBeGreaterThanOrEqual(previous);
      expect(at * 1000 - ms).toBeGreaterThanOrEqual(181 * 86_400_000);
      expect(at * 1000 - ms).toBeLessThanOrEqual(184 * 86_400_000);
      previous = at;
    }
  });

  it('refuses a date that is not a real YYYY-MM-DD date', () => {
    for (const bad of ['2026-99-99', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '2026-01-05T00:00:00Z', '', 'soon'])
      expect(() => periodExpiresAt(bad), bad).toThrow(RangeError);
  });
});

describe('addCalendarMonths and utcDayMs', () => {
  it('adds any number of months, clamping the day', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2026-01-31', 13)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-03-15', RETENTION_MONTHS)).toBe('2026-09-15');
  });
  it('reads only real calendar dates', () => {
    expect(utcDayMs('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(utcDayMs('2027-02-29')).toBeUndefined();
    expect(utcDayMs('2026-99-99')).toBeUndefined();
  });
});

describe('the data bucket\'s day count', () => {
  it('deletes scraped objects no later than the shortest 6 calendar months after upload', () => {
    let shortest = Infinity;
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10);
      shortest = Math.min(shortest, (periodExpiresAt(date) * 1000 - ms) / 86_400_000);
    }
    expect(shortest).toBe(181);
    expect(SCRAPED_OBJECT_DAYS).toBeLessThanOrEqual(shortest);
  });
});
