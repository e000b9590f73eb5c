import { describe, expect, it } from 'vitest';
import { brandSkuIdOf, brandSkuOptions } from '../../../functions/inventory/domain/brand-skus';

describe('Brand SKU options from on-hand Inventory IDs', () => {
  it('lists each SKU once ignoring case and spaces (first spelling kept), skips blanks, sorts naturally', () => {
    const out = brandSkuOptions(['MA-10', ' ma-2 ', 'MA-2', '', '  ', 'MA-1', 'ma-10']);
    expect(out.map((o) => o.sku)).toEqual(['MA-1', 'ma-2', 'MA-10']);
  });

  it('gives each SKU a stable 22-character id that does not depend on case or the feed', () => {
    const [a] = brandSkuOptions(['MA-BAG-1']);
    expect(a!._id).toBe(brandSkuIdOf('ma-bag-1 '));
    expect(a!._id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(brandSkuIdOf('MA-BAG-2')).not.toBe(a!._id);
  });
});
