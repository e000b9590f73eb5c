/** What the User Retailer List's checklist sends (web/src/features/brand-retailers/api/admin-brands.ts changedEntries) and the Allowed Retailer names. */
import { describe, expect, it } from 'vitest';
import { changedEntries } from '../../../web/src/features/brand-retailers/api/admin-brands';
import { enabledNames } from '../../../web/src/features/brand-retailers/components/brand-retailer-table';

const LISTED = [
  { retailer: 'a', flag: true },
  { retailer: 'b', flag: false },
  { retailer: 'c', flag: true },
];

describe('changedEntries', () => {
  it('sends only the retailers whose tick differs from the list, in the checklist order', () => {
    expect(changedEntries(LISTED, new Set(['a', 'b', 'd']), ['d', 'c', 'b', 'a', 'e'])).toEqual([
      { retailer: 'd', flag: true },
      { retailer: 'c', flag: false },
      { retailer: 'b', flag: true },
    ]);
  });

  it('nothing changed: nothing sent', () => {
    expect(changedEntries(LISTED, new Set(['a', 'c']), ['a', 'b', 'c', 'd'])).toEqual([]);
  });
});

describe('enabledNames', () => {
  it("the enabled retailers' names by name, an unknown id as itself", () => {
    const names = new Map([
      ['a', 'Zeta Store'],
      ['c', 'alpha Store'],
    ]);
    expect(enabledNames({ retailers: [...LISTED, { retailer: 'x', flag: true }] }, names)).toEqual(['alpha Store', 'x', 'Zeta Store']);
  });
});
