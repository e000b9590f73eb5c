import { describe, expect, it } from 'vitest';
import { checkBrandPage, checkProduct } from '../../functions/content/domain/checks';
import { DEFAULT_CONTENT_SETTINGS, FINDING_KINDS, type Finding, type FindingKind } from '../../shared/content';
import { FINDING_LABELS, findingFlagMessage } from '../../shared/messages/content';
import { FLAG_MESSAGE_MAX } from '../../shared/schemas/scrapings';

const finding = (kind: FindingKind, over: Partial<Finding> = {}): Finding => ({
  kind,
  styleNumber: 'HF-10231',
  confidence: 0.9,
  reason: { name: 'Other', value: '' },
  retailerValue: '',
  brandValue: '',
  evidence: {},
  contentKey: 'k',
  ...over,
});

describe('FINDING_LABELS', () => {
  it('labels every finding kind', () => {
    for (const kind of FINDING_KINDS) expect(FINDING_LABELS[kind], kind).toMatch(/\S/);
    expect(FINDING_LABELS['price-wrong']).toBe('Wrong price');
    expect(FINDING_LABELS['image-foreign']).toBe("Image Issues — not from the brand's catalogue");
  });
});

describe('findingFlagMessage: the flag modal’s pre-filled message', () => {
  it('says what price is shown against the MSRP', () => {
    expect(findingFlagMessage(finding('price-wrong', { retailerValue: '1650.00 EUR', brandValue: '1450.00 EUR' }))).toBe(
      'Suggested by the content checks: Wrong price — 1650.00 EUR shown, MSRP 1450.00 EUR.',
    );
    expect(findingFlagMessage(finding('price-discount', { retailerValue: '1300.00 EUR', brandValue: '1450.00 EUR', evidence: { msrp: 1450, percent: 10.3 } }))).toBe(
      'Suggested by the content checks: Discount — 1300.00 EUR shown, MSRP 1450.00 EUR (10.3 % under).',
    );
    expect(findingFlagMessage(finding('price-missing', { brandValue: '1450.00 EUR' }))).toBe('Suggested by the content checks: Price is missing — MSRP 1450.00 EUR.');
  });
  it('quotes a name beside the catalogue’s and the SKU of a product not in the catalogue', () => {
    expect(findingFlagMessage(finding('name', { retailerValue: 'Mini Bag', brandValue: 'Aurelle Mini Saddle Bag' }))).toBe(
      'Suggested by the content checks: Name differs from the catalogue — “Mini Bag” shown, catalogue “Aurelle Mini Saddle Bag”.',
    );
    expect(findingFlagMessage(finding('not-in-catalog', { retailerValue: 'Mini Bag', evidence: { sku: 'MA-BAG-999' } }))).toBe(
      "Suggested by the content checks: Not in the brand's catalogue — SKU MA-BAG-999, “Mini Bag”.",
    );
    expect(findingFlagMessage(finding('not-in-catalog', { retailerValue: 'Mini Bag', evidence: { sku: '' } }))).toBe(
      "Suggested by the content checks: Not in the brand's catalogue — no SKU shown, “Mini Bag”.",
    );
  });
  it('shows the word a bio typo changed, from a real check', () => {
    const bio = 'Founded in Paris in 1920.';
    const [typo] = checkBrandPage({
      page: { logos: [{ ref: 'logo.png' }], visuals: [], bio: 'Founded in Pari in 1920.' },
      kit: { logos: { current: [], retired: [] }, visuals: { current: [], retired: [] }, bio },
      settings: { ...DEFAULT_CONTENT_SETTINGS, bioSimilarity: 0.9 },
      distances: { distance: () => 0, colorDistance: () => 0 },
    });
    expect(findingFlagMessage(typo!)).toBe('Suggested by the content checks: Bio: typo/needs updates — “Pari” for “Paris”.');
    expect(findingFlagMessage(finding('logo-missing'))).toBe('Suggested by the content checks: Logo is missing.');
  });
  it('names the picture of an image finding', () => {
    expect(findingFlagMessage(finding('image-foreign', { retailerValue: 'https://shop.example/p/1.jpg' }))).toBe(
      "Suggested by the content checks: Image Issues — not from the brand's catalogue: https://shop.example/p/1.jpg",
    );
  });
  it('stays within a flag message’s limit for long texts', () => {
    const long = 'word '.repeat(400);
    const [description] = checkProduct({
      product: { styleNumber: 'S', sku: 'A', name: 'N', description: long, price: null, pictures: [] },
      entry: { sku: 'A', name: 'N', description: 'other '.repeat(400), category: '', collection: '', status: 'active', images: [], retiredImages: [], msrp: [] },
      official: { current: [], retired: [] },
      settings: DEFAULT_CONTENT_SETTINGS,
      distances: { distance: () => 0, colorDistance: () => 0 },
    });
    expect(description!.kind).toBe('description');
    expect(findingFlagMessage(description!).length).toBeLessThanOrEqual(FLAG_MESSAGE_MAX);
    expect(findingFlagMessage(finding('image-old', { retailerValue: `https://shop.example/${'x'.repeat(2000)}.jpg` })).length).toBeLessThanOrEqual(FLAG_MESSAGE_MAX);
  });
});
