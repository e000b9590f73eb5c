import { describe, expect, it } from 'vitest';
import { brandOfRow, namesBrand, slugify, splitRowsByBrand, type CarryingBrand } from '../../../functions/scrapings/domain/brand-split';
import { ID_LENGTH, periodIdOf, productIdOf, scanInfoIdOf, splitProductId } from '../../../functions/scrapings/domain/ids';
import { id } from '../../../shared/schemas/common';

const aurelle: CarryingBrand = { _id: 'brand-maison-aurelle', name: 'Maison Aurelle', slug: 'maison-aurelle' };
const castellane: CarryingBrand = { _id: 'brand-castellane', name: 'Castellane Paris', slug: 'castellane-paris' };

describe('deterministic ids', () => {
  it('gives the same id for the same brand, retailer and date, another for another date', () => {
    expect(periodIdOf('b', 'r', '2025-02-03')).toBe(periodIdOf('b', 'r', '2025-02-03'));
    expect(periodIdOf('b', 'r', '2025-02-03')).not.toBe(periodIdOf('b', 'r', '2025-02-10'));
    expect(periodIdOf('b', 'r', '2025-02-03')).not.toBe(scanInfoIdOf('b', 'r'));
    // No ambiguity from concatenation.
    expect(periodIdOf('ab', 'c', 'd')).not.toBe(periodIdOf('a', 'bc', 'd'));
  });

  it('makes ids the API accepts, and a product id carries its period id', () => {
    const pid = periodIdOf('brand-maison-aurelle', 'ret-harrowgate', '2025-02-03');
    const product = productIdOf(pid, 'HF-10231');
    expect(pid).toHaveLength(ID_LENGTH);
    expect(product).toHaveLength(ID_LENGTH * 2);
    expect(id.safeParse(pid).success).toBe(true);
    expect(id.safeParse(product).success).toBe(true);
    expect(splitProductId(product)?.periodId).toBe(pid);
    expect(productIdOf(pid, 'HF-10231')).toBe(product);
    expect(productIdOf(pid, 'HF-10232')).not.toBe(product);
  });

  it('refuses what cannot be a product id', () => {
    expect(splitProductId('short')).toBeUndefined();
    expect(splitProductId('x'.repeat(43) + '/')).toBeUndefined();
  });
});

describe('brand of a row', () => {
  it('matches the Brand cell to a name, slug or id, ignoring case, spaces and accents', () => {
    expect(namesBrand('maison aurelle', aurelle)).toBe(true);
    expect(namesBrand('  MAISON   AURELLE ', aurelle)).toBe(true);
    expect(namesBrand('maison-aurelle', aurelle)).toBe(true);
    expect(namesBrand('Maisön Aurelle', aurelle)).toBe(true);
    expect(namesBrand('brand-maison-aurelle', aurelle)).toBe(true);
    expect(namesBrand('Aurelle', aurelle)).toBe(false);
    expect(namesBrand('', aurelle)).toBe(false);
    expect(slugify('Lumière Boutique & Co')).toBe('lumiere-boutique-co');
  });

  it('gives an empty cell to the only carrying brand, and to nobody when several carry the retailer', () => {
    expect(brandOfRow({ Brand: '' }, [aurelle])).toBe(aurelle);
    expect(brandOfRow({}, [aurelle])).toBe(aurelle);
    expect(brandOfRow({ Brand: '' }, [aurelle, castellane])).toBeUndefined();
    expect(brandOfRow({ Brand: 'Other Label' }, [aurelle])).toBeUndefined();
  });

  it('splits rows among the carrying brands; every brand has an entry', () => {
    const rows = [{ Brand: 'Maison Aurelle', 'Style Number': '1' }, { Brand: 'castellane paris', 'Style Number': '2' }, { Brand: 'Nobody', 'Style Number': '3' }, { Brand: '', 'Style Number': '4' }];
    const { byBrand, unmatched } = splitRowsByBrand(rows, [aurelle, castellane]);
    expect(byBrand.get(aurelle._id)!.map((r) => r['Style Number'])).toEqual(['1']);
    expect(byBrand.get(castellane._id)!.map((r) => r['Style Number'])).toEqual(['2']);
    expect(unmatched.map((r) => r['Style Number'])).toEqual(['3', '4']);
    expect(splitRowsByBrand([], [aurelle]).byBrand.get(aurelle._id)).toEqual([]);
  });
});
