/**
 * The robot health rules (issue 25; functions/robot-health/domain/rules.ts), each at its threshold:
 * thin (below the share of the recent median, or empty), broken (unreadable, a column missing or
 * renamed, a tracked column suddenly empty), late (past the expected day + grace), stuck (waiting
 * longer than the set days); and what a good or a bad file leaves as the robot's kept state.
 */
import { describe, expect, it } from 'vitest';
import { assessFile, brokenFinding, EmptyCellCounter, lateFinding, median, stuckFinding, thinFinding, type RobotFileFacts, type RobotHealthState } from '../../../functions/robot-health/domain/rules';
import { DEFAULT_ROBOT_HEALTH_SETTINGS as S } from '../../../shared/schemas/robot-health';

const COLUMNS = ['Style Number', 'Name', 'Price', 'Image URLs', 'Product URL'];
const file = (over: Partial<RobotFileFacts> = {}): RobotFileFacts => ({ fileId: 'f2', date: '2026-11-09', rowCount: 1000, columns: COLUMNS, emptyShares: { Price: 0, 'Image URLs': 0.02, 'Product URL': 0 }, ...over });
const state = (counts: number[] = [1000, 1010, 990]): RobotHealthState => ({
  lastFile: { _id: 'f1', date: '2026-11-02', rowCount: counts.at(-1) ?? 0 },
  lastGoodFile: { _id: 'f1', date: '2026-11-02', rowCount: counts.at(-1) ?? 0, columns: COLUMNS, emptyShares: { Price: 0, 'Image URLs': 0.02, 'Product URL': 0 } },
  recentRowCounts: counts,
});

describe('thin', () => {
  it('is a file under thinPercent % of the recent median, not one at it', () => {
    expect(median([1000, 1010, 990])).toBe(1000);
    expect(median([10, 20, 30, 40])).toBe(25);
    // The default, 60 %: 600 of 1,000 is not thin, 599 is; at 50 %, 500 is not, 499 is.
    expect(S.thinPercent).toBe(60);
    expect(thinFinding(file({ rowCount: 600 }), state(), S)).toBeUndefined();
    expect(thinFinding(file({ rowCount: 599 }), state(), S)?.detail).toBe('The file of 11/09/2026 has 599 rows, 59 % of the usual 1,000.');
    expect(thinFinding(file({ rowCount: 500 }), state(), { thinPercent: 50 })).toBeUndefined();
    expect(thinFinding(file({ rowCount: 499 }), state(), { thinPercent: 50 })).toEqual({ kind: 'thin', detail: 'The file of 11/09/2026 has 499 rows, 49 % of the usual 1,000.' });
    expect(thinFinding(file({ rowCount: 700 }), state(), { thinPercent: 75 })?.kind).toBe('thin');
  });
  it('is an empty file, however it is empty, even for a robot without history', () => {
    expect(thinFinding(file({ rowCount: 0 }), { recentRowCounts: [] }, S)?.detail).toBe('The file of 11/09/2026 has no rows.');
    expect(thinFinding(file({ rowCount: 0, columns: [], error: { code: 'EMPTY_FILE', message: 'The file is empty.' } }), state(), S)?.kind).toBe('thin');
  });
  it('needs a history to be thin: a first file of 3 rows is not', () => {
    expect(thinFinding(file({ rowCount: 3 }), { recentRowCounts: [] }, S)).toBeUndefined();
  });
});

describe('broken', () => {
  it('is an unreadable file (any parse error refuses the file), but an empty one is thin, not broken', () => {
    expect(brokenFinding(file({ rowCount: 0, columns: [], error: { code: 'DUPLICATE_KEY', message: 'Line 4: duplicate Style Number "A1".' } }), state(), S)).toEqual({
      kind: 'broken',
      detail: 'The file of 11/09/2026 could not be read: Line 4: duplicate Style Number "A1".',
    });
    expect(brokenFinding(file({ rowCount: 0, columns: [], error: { code: 'EMPTY_FILE', message: 'The file is empty.' } }), state(), S)).toBeUndefined();
  });
  it('tells a missing column, and a renamed one when another came in its place', () => {
    expect(brokenFinding(file({ columns: COLUMNS.filter((c) => c !== 'Price') }), state(), S)?.detail).toBe('The file of 11/09/2026 lacks the column Price.');
    expect(brokenFinding(file({ columns: ['Style Number', 'Name', 'Cost', 'Image URLs', 'Product URL'] }), state(), S)?.detail).toBe('The file of 11/09/2026 renamed Price to Cost.');
    // A new column alone breaks nothing.
    expect(brokenFinding(file({ columns: [...COLUMNS, 'Colour'] }), state(), S)).toBeUndefined();
  });
  it('is a tracked column that was at most 10 % empty and is now at least 90 % empty', () => {
    const before = state();
    expect(brokenFinding(file({ emptyShares: { Price: 0.9, 'Image URLs': 0.02, 'Product URL': 0 } }), before, S)?.detail).toBe('In the file of 11/09/2026, Price is suddenly empty.');
    expect(brokenFinding(file({ emptyShares: { Price: 0.8999, 'Image URLs': 0.02, 'Product URL': 0 } }), before, S)).toBeUndefined();
    expect(brokenFinding(file({ emptyShares: { Price: 1, 'Image URLs': 1, 'Product URL': 0 } }), before, S)?.detail).toBe('In the file of 11/09/2026, Price, Image URLs are suddenly empty.');
    // A column that was already half empty is not "suddenly" empty.
    const halfEmpty: RobotHealthState = { ...before, lastGoodFile: { ...before.lastGoodFile!, emptyShares: { Price: 0.11, 'Image URLs': 0.02, 'Product URL': 0 } } };
    expect(brokenFinding(file({ emptyShares: { Price: 1, 'Image URLs': 0.02, 'Product URL': 0 } }), halfEmpty, S)).toBeUndefined();
  });
});

describe('late', () => {
  it('is past the expected day (last file + cadence) plus the grace days', () => {
    // Last file 11/02, weekly: expected 11/09; 2 days of grace: late from 11/12.
    expect(lateFinding('2026-11-02', 7, '2026-11-11', S)).toBeUndefined();
    expect(lateFinding('2026-11-02', 7, '2026-11-12', S)).toEqual({ kind: 'late', detail: 'No file since 11/02/2026; one was expected by 11/09/2026.', since: '2026-11-09' });
    expect(lateFinding('2026-11-02', 14, '2026-11-12', S)).toBeUndefined();
    expect(lateFinding('2026-11-02', 7, '2026-11-10', { graceDays: 0 })?.since).toBe('2026-11-09');
    expect(lateFinding(undefined, 7, '2026-11-30', S)).toBeUndefined();
  });
});

describe('stuck', () => {
  it('is a file waiting more than stuckDays whole days since it arrived', () => {
    const f = { date: '2026-11-09', createdAt: '2026-11-10T08:00:00.000Z' };
    expect(stuckFinding(f, '2026-11-13', S)).toBeUndefined();
    expect(stuckFinding(f, '2026-11-14', S)).toEqual({ kind: 'stuck', detail: 'The file of 11/09/2026 has waited in the post office for 4 days.', since: '2026-11-10' });
  });
});

describe('what a file leaves kept', () => {
  it('a good file becomes the last good one and joins the recent counts (at most 8); a bad one only the last file', () => {
    const good = assessFile(file({ rowCount: 1005 }), state([1, 2, 3, 4, 5, 6, 7, 1000]), { ...S, thinPercent: 1 });
    expect(good.findings).toEqual([]);
    expect(good.next.lastGoodFile).toMatchObject({ _id: 'f2', rowCount: 1005, columns: COLUMNS });
    expect(good.next.recentRowCounts).toEqual([2, 3, 4, 5, 6, 7, 1000, 1005]);
    const bad = assessFile(file({ rowCount: 10 }), state(), S);
    expect(bad.findings.map((f) => f.kind)).toEqual(['thin']);
    expect(bad.next.lastFile).toEqual({ _id: 'f2', date: '2026-11-09', rowCount: 10 });
    expect(bad.next.lastGoodFile?._id).toBe('f1');
    expect(bad.next.recentRowCounts).toEqual([1000, 1010, 990]);
  });
  it('counts the empty cells of the tracked columns only, and only of the columns the file has', () => {
    const c = new EmptyCellCounter('product');
    c.add({ Price: '', 'Image URLs': 'a.jpg', 'Product URL': ' ' });
    c.add({ Price: '10.00', 'Image URLs': '', 'Product URL': 'https://x' });
    c.add({ Price: '', 'Image URLs': 'b.jpg', 'Product URL': 'https://y' });
    expect(c.shares(['Style Number', 'Price', 'Image URLs'])).toEqual({ Price: 0.6667, 'Image URLs': 0.3333 });
  });
});
