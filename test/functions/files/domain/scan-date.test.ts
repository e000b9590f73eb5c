import { describe, expect, it } from 'vitest';
import { isRealDate, scanDateProblem } from '../../../../functions/files/domain/scan-date';

describe('the scan date of a drop', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('accepts real calendar dates from 2000 up to a day after now', () => {
    for (const d of ['2000-01-01', '2024-02-29', '2026-11-16', '2026-11-23', '2026-11-24']) expect(scanDateProblem(d, now), d).toBeUndefined();
  });
  it('refuses dates that do not exist, with the date in the message', () => {
    expect(scanDateProblem('2026-99-99', now)).toBe('The scan date 2026-99-99 is not a real date (YYYY-MM-DD).');
    for (const d of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-5', '0000-00-00']) expect(isRealDate(d), d).toBe(false);
  });
  it('refuses dates absurdly far in the future or before 2000', () => {
    expect(scanDateProblem('2026-11-25', now)).toBe('The scan date 2026-11-25 is in the future.');
    expect(scanDateProblem('2099-01-01', now)).toBe('The scan date 2099-01-01 is in the future.');
    expect(scanDateProblem('1999-12-31', now)).toBe('The scan date 1999-12-31 is before 2000.');
  });
});
