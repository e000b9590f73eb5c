/** The median days to resolve from the histogram kept on write (functions/cases/summary.ts). */
import { describe, expect, it } from 'vitest';
import { medianBucket } from '../../../functions/cases/summary';

describe('medianBucket', () => {
  it('is the bucket holding the middle resolution; none before any', () => {
    expect(medianBucket([])).toBeNull();
    expect(medianBucket([[0, 0], [1, 0]])).toBeNull();
    expect(medianBucket([[0, 1], [7, 1], [30, 1]])).toBe(7);
    expect(medianBucket([[0, 3], [7, 1], [30, 1]])).toBe(0);
    expect(medianBucket([[0, 1], [7, 1]])).toBe(0);
    expect(medianBucket([[0, 1], [7, 0], [30, 5], [9999, 2]])).toBe(30);
  });
});
