import { describe, expect, it } from 'vitest';
import {
  ROBOT_TYPE_DEFINITIONS,
  ROBOT_TYPES,
  canonicalColumnName,
  isImageColumn,
  isRobotType,
  keyColumnOf,
  normalizeRobotType,
  splitList,
} from '../../../../functions/files/domain/robot-types.js';

describe('robot types', () => {
  it('has the three types with the key columns of the spec', () => {
    expect(ROBOT_TYPES).toEqual(['product', 'homepage', 'brand']);
    expect(keyColumnOf('product')).toBe('Style Number');
    expect(keyColumnOf('homepage')).toBe('Primary Menu');
    expect(keyColumnOf('brand')).toBe('Brand ID');
  });

  it("treats 'brands' as brand and ignores case and spaces", () => {
    expect(normalizeRobotType('brands')).toBe('brand');
    expect(normalizeRobotType(' Brand ')).toBe('brand');
    expect(normalizeRobotType('PRODUCT')).toBe('product');
    expect(normalizeRobotType('homepage')).toBe('homepage');
    expect(normalizeRobotType('products-xlsx')).toBeUndefined();
    expect(isRobotType('brand')).toBe(true);
    expect(isRobotType('brands')).toBe(false);
  });

  it('lists the key column first and never as an image or default diff column', () => {
    for (const type of ROBOT_TYPES) {
      const def = ROBOT_TYPE_DEFINITIONS[type];
      expect(def.columns[0]).toBe(def.keyColumn);
      expect(def.imageColumns).not.toContain(def.keyColumn);
      expect(def.defaultDiffColumns).not.toContain(def.keyColumn);
      for (const c of [...def.imageColumns, ...def.defaultDiffColumns]) expect(def.columns).toContain(c);
    }
  });

  it('knows the image columns per type', () => {
    expect(ROBOT_TYPE_DEFINITIONS.product.imageColumns).toEqual(['Image URLs', 'Screenshot']);
    expect(ROBOT_TYPE_DEFINITIONS.homepage.imageColumns).toEqual(['Screenshot']);
    expect(ROBOT_TYPE_DEFINITIONS.brand.imageColumns).toEqual(['Logo', 'Hero Image', 'Screenshot']);
    expect(isImageColumn('brand', 'Logo')).toBe(true);
    expect(isImageColumn('product', 'Price')).toBe(false);
  });

  it('does not compare screenshots or the OH map id by default', () => {
    expect(ROBOT_TYPE_DEFINITIONS.product.defaultDiffColumns).toContain('Price');
    expect(ROBOT_TYPE_DEFINITIONS.product.defaultDiffColumns).not.toContain('Screenshot');
    expect(ROBOT_TYPE_DEFINITIONS.product.defaultDiffColumns).not.toContain('OH Map ID');
  });

  it('matches documented header names loosely and keeps others trimmed', () => {
    expect(canonicalColumnName('product', '  style   NUMBER ')).toBe('Style Number');
    expect(canonicalColumnName('product', 'image urls')).toBe('Image URLs');
    expect(canonicalColumnName('brand', 'featured in menu')).toBe('Featured In Menu');
    expect(canonicalColumnName('product', ' Colour ')).toBe('Colour');
  });

  it('splits pipe lists, dropping empty items', () => {
    expect(splitList('a.jpg| b.jpg ||c.jpg|')).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(splitList('')).toEqual([]);
  });
});
