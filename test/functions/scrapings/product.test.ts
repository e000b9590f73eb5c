import { describe, expect, it } from 'vitest';
import { buildPeriodProducts } from '../../../functions/files/domain/period-apply';
import { productIdOf } from '../../../functions/scrapings/domain/ids';
import { carryUserFields, toProductScrape, userFieldsOf, type UserFields } from '../../../functions/scrapings/domain/product';

const scraped = { oh_map_id: '', brand_sku: 'MA-1' };
const flagged = { isFlagged: 'yes', flagMessage: { message: 'Wrong price', reason: [{ name: 'price', value: 'Wrong price' }] } } as const;

describe('carryUserFields', () => {
  it('starts unflagged with the scraped values when nothing came before', () => {
    expect(carryUserFields(scraped)).toEqual({ isFlagged: 'no', oh_map_id: '', brand_sku: 'MA-1' });
  });

  it("carries the previous period's flag and its message", () => {
    const prev: UserFields = { ...flagged, oh_map_id: '', brand_sku: 'MA-1' };
    expect(carryUserFields(scraped, undefined, prev)).toMatchObject({ isFlagged: 'yes', flagMessage: flagged.flagMessage });
  });

  it('prefers this period\'s own item (an earlier apply, maybe flagged since) over the previous period', () => {
    const prev: UserFields = { ...flagged, oh_map_id: '', brand_sku: 'MA-1' };
    const existing: UserFields = { isFlagged: 'no', oh_map_id: '', brand_sku: 'MA-1' };
    expect(carryUserFields(scraped, existing, prev).isFlagged).toBe('no');
  });

  it('keeps an OH map id the robot left empty, but takes the robot\'s own one when not edited', () => {
    const prev: UserFields = { isFlagged: 'no', oh_map_id: 'OH-1', brand_sku: 'MA-1' };
    expect(carryUserFields(scraped, undefined, prev).oh_map_id).toBe('OH-1');
    expect(carryUserFields({ ...scraped, oh_map_id: 'OH-2' }, undefined, prev).oh_map_id).toBe('OH-2');
  });

  it('lets a person\'s edit win over the robot, with the chosen SKU option', () => {
    const prev: UserFields = { isFlagged: 'no', oh_map_id: 'OH-USER', brand_sku: 'SKU-USER', product: { _id: 'sku-1', sku: 'SKU-USER' }, edited: ['oh_map_id', 'brand_sku'] };
    expect(carryUserFields({ oh_map_id: 'OH-ROBOT', brand_sku: 'SKU-ROBOT' }, undefined, prev)).toEqual({
      isFlagged: 'no',
      oh_map_id: 'OH-USER',
      brand_sku: 'SKU-USER',
      product: { _id: 'sku-1', sku: 'SKU-USER' },
      edited: ['oh_map_id', 'brand_sku'],
    });
  });

  it('keeps an explicit unmapping (edited to empty) instead of the robot\'s id', () => {
    const prev: UserFields = { isFlagged: 'no', oh_map_id: '', brand_sku: 'MA-1', edited: ['oh_map_id'] };
    expect(carryUserFields({ oh_map_id: 'OH-ROBOT', brand_sku: 'MA-1' }, undefined, prev).oh_map_id).toBe('');
  });
});

describe('toProductScrape', () => {
  it('stores a built period product with its id, period and change data, and round-trips user fields', () => {
    const row = (sn: string, price: string) => ({ 'Style Number': sn, Name: `Bag ${sn}`, Brand: 'Maison Aurelle', Price: price, 'Image URLs': 'a.jpg|b.jpg' });
    const built = buildPeriodProducts({ currentRows: [row('1', '100'), row('2', '250')], previousRows: [row('1', '90'), row('3', '10')] });
    const at = { periodId: 'P'.repeat(22), brand: 'b', retailer: 'r', date: '2025-02-03' };
    const items = built.products.map((p) => toProductScrape(p, at, carryUserFields(p)));
    expect(items.map((i) => [i.style_number, i.type])).toEqual([
      ['1', 'change'],
      ['2', 'added'],
      ['3', 'deleted'],
    ]);
    expect(items[0]).toMatchObject({ _id: productIdOf(at.periodId, '1'), retailer_brand_scraping: at.periodId, price: 100, change: { price: 90 }, image: 'a.jpg', imageUrl: 'a.jpg|b.jpg', isFlagged: 'no', brand_label: 'Maison Aurelle' });
    expect(userFieldsOf(items[0]!)).toEqual({ isFlagged: 'no', oh_map_id: '', brand_sku: '' });
  });
});
