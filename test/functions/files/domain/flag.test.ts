import { describe, expect, it } from 'vitest';
import type { DiffSummary } from '../../../../functions/files/domain/diff.js';
import {
  DEFAULT_THRESHOLD_PERCENT,
  type FlagInput,
  type ThresholdSettings,
  assessFile,
  decideFlag,
  normalizeThreshold,
  normalizeThresholdSettings,
  thresholdsForRobot,
  trackedColumnsOf,
} from '../../../../functions/files/domain/flag.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';

/** A diff of a 1,000-row product file against a 1,000-row previous one, nothing changed. */
function summary(over: Partial<DiffSummary> = {}): DiffSummary {
  return {
    type: 'product',
    keyColumn: 'Style Number',
    trackedColumns: ['Name', 'Price'],
    previousRowCount: 1000,
    currentRowCount: 1000,
    addedCount: 0,
    removedCount: 0,
    changedCount: 0,
    unchangedCount: 1000,
    changedByColumn: { Name: 0, Price: 0 },
    columnsAdded: [],
    columnsRemoved: [],
    ...over,
  };
}

function flagOf(diff: DiffSummary | null, thresholds: Record<string, number> = { Name: 10, Price: 10 }, currentRowCount = 1000) {
  const input: FlagInput = { type: 'product', diff, currentRowCount, thresholds };
  return decideFlag(input);
}

describe('normalizeThreshold', () => {
  it('parses integers and turns values below 1 into 0', () => {
    expect(normalizeThreshold(10)).toBe(10);
    expect(normalizeThreshold('10')).toBe(10);
    expect(normalizeThreshold(' 15 ')).toBe(15);
    expect(normalizeThreshold('15%')).toBe(15);
    expect(normalizeThreshold('7.9')).toBe(7);
    expect(normalizeThreshold(12.7)).toBe(12);
    expect(normalizeThreshold(1)).toBe(1);
    expect(normalizeThreshold(0.5)).toBe(0);
    expect(normalizeThreshold('0.9')).toBe(0);
    expect(normalizeThreshold(0)).toBe(0);
    expect(normalizeThreshold(-3)).toBe(0);
    expect(normalizeThreshold('')).toBe(0);
    expect(normalizeThreshold('abc')).toBe(0);
    expect(normalizeThreshold(null)).toBe(0);
    expect(normalizeThreshold(undefined)).toBe(0);
    expect(normalizeThreshold(Number.NaN)).toBe(0);
    expect(normalizeThreshold(250)).toBe(100);
  });
});

describe('threshold settings', () => {
  it('normalizes a stored settings object', () => {
    const settings = normalizeThresholdSettings({
      emailAlerts: [' ops@example.com ', 'OPS@example.com', '', 42, 'lead@example.com'],
      ignoreImageData: true,
      thresholds: {
        product: { 'hf-products': { price: '12', Name: 0.4, 'Image URLs': '30' } },
        brands: { 'hf-brand': { description: 25 } },
        unknown: { x: { y: 1 } },
      },
    });
    expect(settings).toEqual({
      emailAlerts: ['ops@example.com', 'lead@example.com'],
      ignoreImageData: true,
      thresholds: {
        product: { 'hf-products': { Price: 12, Name: 0, 'Image URLs': 30 } },
        brand: { 'hf-brand': { Description: 25 } },
        homepage: {},
      },
    });
    expect(normalizeThresholdSettings(undefined)).toEqual({
      emailAlerts: [],
      ignoreImageData: false,
      thresholds: { product: {}, homepage: {}, brand: {} },
    });
  });

  it("uses the robot's own map, else the default on each default diff column", () => {
    const settings = normalizeThresholdSettings({ thresholds: { product: { 'HF-Products': { Price: 5 } } } });
    expect(thresholdsForRobot(settings, 'product', 'hf-products')).toEqual({ source: 'robot', percents: { Price: 5 } });
    const fallback = thresholdsForRobot(settings, 'product', 'other-robot');
    expect(fallback.source).toBe('default');
    expect(fallback.percents['Price']).toBe(DEFAULT_THRESHOLD_PERCENT);
    expect(Object.keys(fallback.percents)).not.toContain('Screenshot');
  });

  it("applies the settings' `default` robot to robots the settings do not name", () => {
    const settings = normalizeThresholdSettings({ thresholds: { product: { default: { Price: 3, Name: 0 }, 'HF-Products': { Price: 5 } } } });
    expect(thresholdsForRobot(settings, 'product', 'some-new-robot')).toEqual({ source: 'default', percents: { Price: 3, Name: 0 } });
    expect(thresholdsForRobot(settings, 'product', 'HF-Products')).toEqual({ source: 'robot', percents: { Price: 5 } });
  });

  it('tracks only columns above 0, without image data when it is ignored', () => {
    const percents = { Price: 10, Name: 0, 'Image URLs': 20, Screenshot: 5, 'Style Number': 10 };
    expect(trackedColumnsOf('product', percents, false)).toEqual(['Price', 'Image URLs', 'Screenshot']);
    expect(trackedColumnsOf('product', percents, true)).toEqual(['Price']);
  });
});

describe('decideFlag', () => {
  it('leaves a file with small changes unflagged', () => {
    const d = flagOf(summary({ changedCount: 40, unchangedCount: 960, changedByColumn: { Name: 10, Price: 40 } }));
    expect(d).toEqual({ flag: 'unflagged', reasons: [], findings: [] });
  });

  it('gives caution when a column changes by more than half its threshold', () => {
    const d = flagOf(summary({ changedCount: 60, unchangedCount: 940, changedByColumn: { Name: 0, Price: 60 } }));
    expect(d.flag).toBe('caution');
    expect(d.reasons).toEqual(['Price changed in 6% of rows (60 of 1,000), more than half of its 10% threshold.']);
    expect(d.findings[0]).toMatchObject({ level: 'caution', code: 'COLUMN_CHANGES', column: 'Price' });
  });

  it('requires review when a column changes by more than its threshold ("above" is strict)', () => {
    const at = flagOf(summary({ changedCount: 100, unchangedCount: 900, changedByColumn: { Name: 0, Price: 100 } }));
    expect(at.flag).toBe('caution');
    const above = flagOf(summary({ changedCount: 101, unchangedCount: 899, changedByColumn: { Name: 0, Price: 101 } }));
    expect(above.flag).toBe('require_review');
    expect(above.reasons).toEqual(['Price changed in 10.1% of rows (101 of 1,000), above its 10% threshold.']);
  });

  it('ignores a column whose threshold is 0 (not tracked)', () => {
    const d = flagOf(
      summary({ changedCount: 1000, unchangedCount: 0, changedByColumn: { Name: 1000, Price: 1000 } }),
      { Name: 0, Price: 0 },
    );
    expect(d.flag).toBe('unflagged');
  });

  it('requires review for an empty file, with or without a previous file', () => {
    const withPrevious = flagOf(summary({ currentRowCount: 0, removedCount: 1000, unchangedCount: 0 }), { Name: 0, Price: 0 });
    expect(withPrevious.flag).toBe('require_review');
    expect(withPrevious.reasons).toEqual(['The new file has no rows.']);
    const first = flagOf(null, {}, 0);
    expect(first.flag).toBe('require_review');
    expect(first.reasons[0]).toBe('The new file has no rows.');
  });

  it('requires review when the file suddenly has half its rows, whatever the thresholds', () => {
    const d = flagOf(summary({ currentRowCount: 500, removedCount: 500, unchangedCount: 500 }), {});
    expect(d.flag).toBe('require_review');
    expect(d.reasons).toEqual(['The new file has 50% fewer rows than the previous one (500 vs 1,000).']);
  });

  it('gives caution for a smaller drop in rows', () => {
    const d = flagOf(summary({ currentRowCount: 850, removedCount: 150, unchangedCount: 850 }));
    expect(d.flag).toBe('caution');
    expect(d.findings.map((f) => f.code)).toEqual(['ROWS_DROPPED']);
    const small = flagOf(summary({ currentRowCount: 950, removedCount: 50, unchangedCount: 950 }));
    expect(small.flag).toBe('unflagged');
  });

  it('requires review when keys were replaced wholesale although the row count did not move', () => {
    const d = flagOf(summary({ addedCount: 1000, removedCount: 1000, unchangedCount: 0 }));
    expect(d.flag).toBe('require_review');
    expect(d.reasons).toEqual([
      '1,000 rows (100%) of the previous file are missing from the new file while 1,000 new ones appeared (did the Style Number format change?).',
      "The new file has 1,000 new rows, 100% of the previous file's 1,000.",
    ]);
  });

  it('flags growth in rows', () => {
    expect(flagOf(summary({ currentRowCount: 1300, addedCount: 300 })).flag).toBe('caution');
    expect(flagOf(summary({ currentRowCount: 2100, addedCount: 1100 })).flag).toBe('require_review');
    expect(flagOf(summary({ currentRowCount: 1200, addedCount: 200 })).flag).toBe('unflagged');
  });

  it('gives caution for the first file of a retailer and type', () => {
    const d = flagOf(null, { Price: 10 }, 120);
    expect(d.flag).toBe('caution');
    expect(d.reasons).toEqual([
      'This is the first product file of this retailer: there is no previous file to compare it with.',
    ]);
  });

  it('gives caution when the previous file had no rows', () => {
    const d = flagOf(summary({ previousRowCount: 0, currentRowCount: 10, addedCount: 10, unchangedCount: 0 }));
    expect(d.flag).toBe('caution');
    expect(d.findings.map((f) => f.code)).toEqual(['PREVIOUS_EMPTY']);
  });

  it('requires review when a tracked column disappears, and puts review reasons first', () => {
    const d = flagOf(
      summary({
        changedCount: 1000,
        unchangedCount: 0,
        changedByColumn: { Name: 60, Price: 1000 },
        columnsRemoved: ['Price'],
      }),
    );
    expect(d.flag).toBe('require_review');
    expect(d.reasons).toEqual([
      'Column "Price" is missing from the new file.',
      'Name changed in 6% of rows (60 of 1,000), more than half of its 10% threshold.',
    ]);
  });
});

describe('assessFile', () => {
  const settings: ThresholdSettings = normalizeThresholdSettings({
    ignoreImageData: true,
    thresholds: { product: { 'hf-products': { Price: 10, 'Image URLs': 5, Screenshot: 5 } } },
  });
  const row = (sn: string, price: string, image: string): RobotRow => ({
    'Style Number': sn,
    Price: price,
    'Image URLs': image,
    Screenshot: `${image}.png`,
  });
  const previous = Array.from({ length: 10 }, (_, i) => row(`S${i}`, '100', `img${i}`));

  it('diffs on the robot tracked columns and decides the flag', () => {
    const current = previous.map((r, i) => row(r['Style Number']!, i < 2 ? '120' : '100', `new-img${i}`));
    const result = assessFile({ settings, type: 'product', robotName: 'hf-products', previousRows: previous, currentRows: current });
    expect(result.thresholds.source).toBe('robot');
    expect(result.diff?.summary.trackedColumns).toEqual(['Price']); // images ignored
    expect(result.diff?.summary.changedCount).toBe(2);
    expect(result.flag).toBe('require_review');
    expect(result.reasons).toEqual(['Price changed in 20% of rows (2 of 10), above its 10% threshold.']);
  });

  it('has no diff and gives caution for a first file', () => {
    const result = assessFile({ settings, type: 'product', robotName: 'hf-products', previousRows: null, currentRows: previous });
    expect(result.diff).toBeNull();
    expect(result.flag).toBe('caution');
  });
});
