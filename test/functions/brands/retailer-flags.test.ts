/**
 * The User Retailer List's change of a brand's list (functions/brands/retailer-brands.repo.ts
 * applyRetailerFlags, pure): entries set flags, enabled newcomers are added, nothing is removed,
 * website types are kept, and only what changed is written to the index.
 */
import { describe, expect, it } from 'vitest';
import { applyRetailerFlags } from '../../../functions/brands/retailer-brands.repo';

const LIST = [
  { retailer: 'r1', flag: true, webSiteType: 'retailerWithModule' as const },
  { retailer: 'r2', flag: false },
];

describe('applyRetailerFlags', () => {
  it('switches a listed retailer off and on, keeping its website type and place', () => {
    const off = applyRetailerFlags(LIST, [{ retailer: 'r1', flag: false }]);
    expect(off.next).toEqual([{ retailer: 'r1', flag: false, webSiteType: 'retailerWithModule' }, { retailer: 'r2', flag: false }]);
    expect(off.changed).toEqual([{ entry: { retailer: 'r1', flag: false, webSiteType: 'retailerWithModule' }, added: false }]);
    expect(applyRetailerFlags(off.next, [{ retailer: 'r1', flag: true }]).next).toEqual(LIST);
  });

  it('adds a new retailer when enabled; a new one sent disabled changes nothing; unnamed ones keep their flag', () => {
    const out = applyRetailerFlags(LIST, [{ retailer: 'r3', flag: true }, { retailer: 'r4', flag: false }]);
    expect(out.next).toEqual([...LIST, { retailer: 'r3', flag: true }]);
    expect(out.changed).toEqual([{ entry: { retailer: 'r3', flag: true }, added: true }]);
  });

  it('the same flags again: no change (no write)', () => {
    expect(applyRetailerFlags(LIST, [{ retailer: 'r1', flag: true }, { retailer: 'r2', flag: false }]).changed).toEqual([]);
  });

  it('an entry without a flag counts as enabled (data written before flags were kept)', () => {
    expect(applyRetailerFlags([{ retailer: 'r1' } as never], [{ retailer: 'r1', flag: true }]).changed).toEqual([]);
  });

  it('does not touch the list it was given', () => {
    const copy = structuredClone(LIST);
    applyRetailerFlags(LIST, [{ retailer: 'r1', flag: false }, { retailer: 'r9', flag: true }]);
    expect(LIST).toEqual(copy);
  });
});
