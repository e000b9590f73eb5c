import { describe, expect, it } from 'vitest';
import { checkBrandPage, checkProduct, matchCatalogKeys, type CheckProductInput, type Distances, type ProductForChecks } from '../../../functions/content/domain/checks';
import { DEFAULT_CONTENT_SETTINGS, type CatalogEntry, type ContentSettings, type PictureHash } from '../../../shared/content';
import { BRAND_FLAG_REASONS, PRODUCT_FLAG_REASONS } from '../../../shared/schemas/scrapings';

/**
 * Fake fingerprints: a picture is a point on a line (its hash "bits" apart = the gap) with one
 * colour number (ΔE = the colour gap). Settings' imageDistance is 10 and MAX_SAME_COLOR_DELTA_E 20 (shared/content.ts).
 */
const pic = (sha256: string, at: number, color = 50): PictureHash => ({ sha256, phashes: [String(at)], colors: [color], width: 800, height: 800 });
const distances: Distances = {
  distance: (a, b) => Math.abs(Number(a.phashes[0]) - Number(b.phashes[0])),
  colorDistance: (a, b) => Math.abs(a.colors[0]! - b.colors[0]!),
};

const OFFICIAL_FRONT = pic('official-front', 100);
const OFFICIAL_BACK = pic('official-back', 200);
const RETIRED_FRONT = pic('retired-front', 300);

const entry = (over: Partial<CatalogEntry> = {}): CatalogEntry => ({
  sku: 'MA-BAG-001',
  name: 'Aurelle Mini Saddle Bag',
  description: 'Calfskin saddle bag with gold-tone hardware, adjustable strap.',
  category: 'Bags',
  collection: 'FW25',
  status: 'active',
  images: ['https://brand.example/ma-bag-001/front.jpg'],
  retiredImages: ['https://brand.example/ma-bag-001/old-front.jpg'],
  msrp: [
    { country: 'FR', currency: 'EUR', amount: 1450 },
    { country: 'DE', currency: 'EUR', amount: 1400 },
    { country: 'US', currency: 'USD', amount: 1650 },
  ],
  ...over,
});

const product = (over: Partial<ProductForChecks> = {}): ProductForChecks => ({
  styleNumber: 'HF-10231',
  sku: 'MA-BAG-001',
  name: 'Aurelle Mini Saddle Bag',
  description: 'Calfskin saddle bag with gold-tone hardware, adjustable strap.',
  price: { amount: 1450, currency: 'EUR' },
  pictures: [{ ref: 'https://shop.example/p/1.jpg', hash: pic('shown-front', 102) }],
  ...over,
});

const settings = (over: Partial<ContentSettings> = {}): ContentSettings => ({ ...DEFAULT_CONTENT_SETTINGS, ...over });

const check = (over: Partial<CheckProductInput> = {}) =>
  checkProduct({
    product: product(),
    entry: entry(),
    official: { current: [OFFICIAL_FRONT, OFFICIAL_BACK], retired: [RETIRED_FRONT] },
    market: { country: 'FR', currency: 'EUR' },
    settings: settings(),
    distances,
    ...over,
  });

describe('matchCatalogKeys', () => {
  it('tries the Brand SKU, the OH map id, then the style number, as upper-case keys without repeats or blanks', () => {
    expect(matchCatalogKeys({ brand_sku: ' ma-bag-001 ', oh_map_id: 'OH-55101', style_number: 'HF-10231' })).toEqual(['MA-BAG-001', 'OH-55101', 'HF-10231']);
    expect(matchCatalogKeys({ brand_sku: '', oh_map_id: 'ma-bag-001', style_number: 'MA-BAG-001' })).toEqual(['MA-BAG-001']);
    expect(matchCatalogKeys({ brand_sku: '  ', oh_map_id: '', style_number: '' })).toEqual([]);
  });
});

describe('checkProduct: a product that matches its catalogue entry', () => {
  it('gives nothing when the name, description, price and pictures agree (case and spacing aside)', () => {
    expect(check({ product: product({ name: 'AURELLE  mini saddle bag', description: 'calfskin saddle bag with gold-tone hardware, adjustable strap' }) })).toEqual([]);
  });
});

describe('checkProduct: assortment', () => {
  it('finds a product the catalogue does not know, surer when it shows a SKU, and nothing else', () => {
    const withSku = check({ entry: undefined, product: product({ sku: 'ma-bag-999', price: null }) });
    expect(withSku).toHaveLength(1);
    expect(withSku[0]).toMatchObject({ kind: 'not-in-catalog', confidence: 0.6, brandValue: '', evidence: { sku: 'MA-BAG-999' }, reason: { name: 'Other', value: '' } });
    const withoutSku = check({ entry: undefined, product: product({ sku: '' }) });
    expect(withoutSku).toHaveLength(1);
    expect(withoutSku[0]).toMatchObject({ kind: 'not-in-catalog', confidence: 0.4 });
  });
  it('finds a retired product still listed, and still checks the rest', () => {
    const findings = check({ entry: entry({ status: 'retired' }), product: product({ price: { amount: 1700, currency: 'EUR' } }) });
    expect(findings.map((f) => [f.kind, f.confidence])).toEqual([
      ['retired', 0.9],
      ['price-wrong', 0.9],
    ]);
    expect(findings[0]).toMatchObject({ retailerValue: 'Aurelle Mini Saddle Bag', brandValue: 'Aurelle Mini Saddle Bag', evidence: { sku: 'MA-BAG-001' } });
  });
});

describe('checkProduct: texts', () => {
  it('finds a renamed product with the similarity and the words that changed', () => {
    const [f, ...rest] = check({ product: product({ name: 'Harlow Finch Crossbody Bag' }) });
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ kind: 'name', retailerValue: 'Harlow Finch Crossbody Bag', brandValue: 'Aurelle Mini Saddle Bag', reason: { name: 'Other', value: '' } });
    expect(f!.evidence['similarity']).toBeLessThan(0.9);
    expect(f!.confidence).toBeCloseTo(Math.max(0.5, 1 - (f!.evidence['similarity'] as number)), 3);
    expect(f!.evidence['diff']).toEqual(expect.arrayContaining([[-1, expect.stringContaining('Aurelle')], [1, expect.stringContaining('Crossbody')]]));
  });
  it('lets a name at the similarity threshold pass and finds one just under it', () => {
    // 'Aurelle Mini Saddle Bag' is 23 characters: one letter off is 1 − 1/23 ≈ 0.957.
    const oneOff = product({ name: 'Aurelle Mini Sadle Bag' });
    expect(check({ product: oneOff, settings: settings({ nameSimilarity: 1 - 1 / 23 }) })).toEqual([]);
    const [f] = check({ product: oneOff, settings: settings({ nameSimilarity: 0.96 }) });
    expect(f).toMatchObject({ kind: 'name', confidence: 0.5 });
  });
  it('finds a description that differs, and skips one the retailer does not show', () => {
    const [f] = check({ product: product({ description: 'A small bag.' }) });
    expect(f).toMatchObject({ kind: 'description', retailerValue: 'A small bag.' });
    expect(check({ product: product({ description: '' }) })).toEqual([]);
    expect(check({ entry: entry({ description: '' }), product: product({ description: 'A small bag.' }) })).toEqual([]);
  });
});

describe('checkProduct: price', () => {
  const priced = (amount: number | null, currency = 'EUR', over: Partial<CheckProductInput> = {}) =>
    check({ product: product({ price: amount === null ? null : { amount, currency } }), ...over });

  it('finds a price above the MSRP of the market', () => {
    const [f] = priced(1650);
    expect(f).toMatchObject({ kind: 'price-wrong', retailerValue: '1650.00 EUR', brandValue: '1450.00 EUR', reason: { name: 'Price', value: 'Wrong price' } });
  });
  it('gives nothing for a price equal to the MSRP', () => {
    expect(priced(1450)).toEqual([]);
  });
  it('gives nothing for a price in another currency than the market’s', () => {
    expect(priced(1650, 'USD')).toEqual([]);
    expect(priced(9999, 'GBP')).toEqual([]);
  });
  it('takes the MSRP of the market’s country, else one of its currency', () => {
    expect(priced(1420, 'EUR', { market: { country: 'DE', currency: 'EUR' } })[0]).toMatchObject({ kind: 'price-wrong', brandValue: '1400.00 EUR' });
    expect(priced(1450, 'EUR', { market: { country: 'IT', currency: 'EUR' } })).toEqual([]);
  });
  it('finds a discount just beyond the tolerance and not one just inside it', () => {
    const tolerant = { settings: settings({ discountTolerancePercent: 10 }) };
    // 10 % under 1450.00 is 1305.00.
    expect(priced(1305, 'EUR', tolerant)).toEqual([]);
    const [f] = priced(1304.99, 'EUR', tolerant);
    expect(f).toMatchObject({ kind: 'price-discount', retailerValue: '1304.99 EUR', brandValue: '1450.00 EUR', evidence: { msrp: 1450, percent: 10 }, reason: { name: 'Price', value: 'Discount' } });
  });
  it('finds any lower price a discount at no tolerance', () => {
    expect(priced(1449.99)[0]).toMatchObject({ kind: 'price-discount' });
  });
  it('finds a missing price when the catalogue has an MSRP in the market’s currency', () => {
    const [f] = priced(null);
    expect(f).toMatchObject({ kind: 'price-missing', confidence: 0.95, retailerValue: '', brandValue: '1450.00 EUR', reason: { name: 'Price', value: 'Price is missing' } });
    expect(priced(null, 'EUR', { market: { country: 'GB', currency: 'GBP' } })).toEqual([]);
  });
});

describe('checkProduct: pictures', () => {
  const showing = (...hashes: (PictureHash | undefined)[]) => product({ pictures: hashes.map((hash, n) => ({ ref: `https://shop.example/p/${n}.jpg`, hash })) });

  it('finds a picture that matches a retired official one only', () => {
    const findings = check({ product: showing(pic('shown-old', 303)) });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'image-old', retailerValue: 'https://shop.example/p/0.jpg', reason: { name: 'Image Issues', value: '' }, evidence: { distance: 3, official: 'retired-front' } });
  });
  it('gives nothing for a picture that matches a current one, even if a retired one is close too', () => {
    const official = { current: [OFFICIAL_FRONT], retired: [pic('retired-similar', 105)] };
    expect(check({ official, product: showing(pic('shown', 104)) })).toEqual([]);
  });
  it('finds a foreign picture with the closest official one’s distances, surer the further it is', () => {
    const [near, far] = check({ product: showing(pic('near', 115), pic('far', 160)) });
    expect(near).toMatchObject({ kind: 'image-foreign', evidence: { distance: 15, colorDistance: 0, official: 'official-front' }, brandValue: 'https://brand.example/ma-bag-001/front.jpg' });
    expect(far).toMatchObject({ kind: 'image-foreign', evidence: { distance: 40 } });
    expect(far!.confidence).toBeGreaterThan(near!.confidence);
    expect(far!.confidence).toBeLessThanOrEqual(1);
  });
  it('finds a recoloured copy of an official picture foreign', () => {
    const [f] = check({ product: showing(pic('red-copy', 100, 80)) });
    expect(f).toMatchObject({ kind: 'image-foreign', evidence: { distance: 0, colorDistance: 30 } });
  });
  it('skips pictures without a fingerprint, and all of them when the catalogue has no current picture', () => {
    expect(check({ product: showing(undefined) })).toEqual([]);
    expect(check({ product: showing(pic('anything', 999)), official: { current: [], retired: [RETIRED_FRONT] } })).toEqual([]);
  });
});

describe('checkProduct: contentKey', () => {
  it('is the same for the same content and new when the content changes', () => {
    const key = (p: Partial<ProductForChecks>) => check({ product: product(p) }).map((f) => f.contentKey);
    const wrong = key({ price: { amount: 1650, currency: 'EUR' } });
    expect(wrong).toHaveLength(1);
    expect(key({ price: { amount: 1650, currency: 'EUR' }, styleNumber: 'HF-10231' })).toEqual(wrong);
    expect(key({ price: { amount: 1700, currency: 'EUR' } })).not.toEqual(wrong);
    expect(wrong[0]).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const foreign = key({ pictures: [{ ref: 'a.jpg', hash: pic('bytes-1', 150) }] });
    expect(key({ pictures: [{ ref: 'moved/a.jpg', hash: pic('bytes-1', 150) }] })).toEqual(foreign);
    expect(key({ pictures: [{ ref: 'a.jpg', hash: pic('bytes-2', 150) }] })).not.toEqual(foreign);

    expect(key({ name: 'Saddle Bag' })).toEqual(key({ name: 'saddle  bag' }));
    expect(key({ name: 'Saddle Bag' })).not.toEqual(key({ name: 'Saddle Bags' }));
  });
});

describe('checkProduct: groups turned off', () => {
  it('gives nothing for a product that is wrong in every way', () => {
    const off = settings({ checks: { images: false, texts: false, price: false, assortment: false, brandPage: true } });
    const wrong = product({ name: 'Something else', description: 'Another text', price: null, pictures: [{ ref: 'x.jpg', hash: pic('foreign', 900) }] });
    expect(check({ settings: off, product: wrong, entry: entry({ status: 'retired' }) })).toEqual([]);
    expect(check({ settings: off, product: wrong, entry: undefined })).toEqual([]);
    // The same product with every group on finds each problem.
    expect(check({ product: wrong, entry: entry({ status: 'retired' }) }).map((f) => f.kind)).toEqual(['retired', 'name', 'description', 'price-missing', 'image-foreign']);
  });
  it('proposes only reasons of the product flag list', () => {
    const wrong = product({ name: 'Something else', description: 'Another text', price: { amount: 1, currency: 'EUR' }, pictures: [{ ref: 'x.jpg', hash: pic('foreign', 900) }] });
    for (const f of [...check({ product: wrong, entry: entry({ status: 'retired' }) }), ...check({ entry: undefined })]) {
      const options: readonly string[] | undefined = PRODUCT_FLAG_REASONS[f.reason.name as keyof typeof PRODUCT_FLAG_REASONS];
      expect(options, f.kind).toBeDefined();
      expect(f.reason.value === '' ? options!.length === 0 : options!.includes(f.reason.value), f.kind).toBe(true);
    }
  });
});

describe('checkBrandPage', () => {
  const BIO = 'Maison Aurelle was founded in Paris in 1920 by Jeanne Aurelle, a saddler.';
  const LOGO = pic('logo-2024', 10);
  const OLD_LOGO = pic('logo-2010', 60);
  const VISUAL = pic('fw25-campaign', 400);
  const OLD_VISUAL = pic('ss19-campaign', 500);
  const kit = { logos: { current: [LOGO], retired: [OLD_LOGO] }, visuals: { current: [VISUAL], retired: [OLD_VISUAL] }, bio: BIO };
  const page = (over: Partial<Parameters<typeof checkBrandPage>[0]['page']> = {}) => ({
    logos: [{ ref: 'https://shop.example/b/logo.png', hash: pic('shown-logo', 11) }],
    visuals: [{ ref: 'https://shop.example/b/hero.jpg', hash: pic('shown-hero', 401) }],
    bio: BIO,
    ...over,
  });
  const checkPage = (p = page(), s = settings()) => checkBrandPage({ page: p, kit, settings: s, distances });

  it('gives nothing for a page showing the current kit', () => {
    expect(checkPage()).toEqual([]);
    expect(checkPage(page({ bio: BIO.toUpperCase().replace(/\.$/, '') }))).toEqual([]);
  });
  it('finds a one-letter bio typo with the word diff showing it', () => {
    const [f, ...rest] = checkPage(page({ bio: BIO.replace('Paris', 'Pari') }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ kind: 'bio-typo', styleNumber: '', reason: { name: 'Brand Bio', value: 'Typo/needs updates' }, evidence: { typo: true } });
    expect(f!.evidence['diff']).toContainEqual([-1, 'Paris']);
    expect(f!.evidence['diff']).toContainEqual([1, 'Pari']);
  });
  it('finds an outdated bio under the similarity as needing updates', () => {
    const [f] = checkPage(page({ bio: 'A French house of leather goods.' }));
    expect(f).toMatchObject({ kind: 'bio-typo', reason: { name: 'Brand Bio', value: 'Typo/needs updates' }, evidence: { typo: false } });
  });
  it('finds a missing bio, and says nothing of a bio when the kit has none', () => {
    expect(checkPage(page({ bio: '  ' }))).toMatchObject([{ kind: 'bio-missing', reason: { name: 'Brand Bio', value: 'Bio is missing' }, brandValue: BIO }]);
    expect(checkBrandPage({ page: page({ bio: 'Anything' }), kit: { ...kit, bio: '' }, settings: settings(), distances })).toEqual([]);
  });
  it('finds a missing logo and an old one', () => {
    expect(checkPage(page({ logos: [] }))).toMatchObject([{ kind: 'logo-missing', reason: { name: 'Brand Logo', value: 'Logo is missing' } }]);
    const old = checkPage(page({ logos: [{ ref: 'old.png', hash: pic('shown-old-logo', 61) }] }));
    expect(old).toMatchObject([{ kind: 'logo-old', retailerValue: 'old.png', reason: { name: 'Brand Logo', value: 'Old logo is shown' }, evidence: { official: 'logo-2010' } }]);
  });
  it('finds visuals that match only retired ones, not foreign visuals', () => {
    const findings = checkPage(page({ visuals: [{ ref: 'ss19.jpg', hash: pic('shown-ss19', 502) }, { ref: 'own.jpg', hash: pic('shop-own', 900) }] }));
    expect(findings).toMatchObject([{ kind: 'visuals-old', retailerValue: 'ss19.jpg', reason: { name: 'Marketing Visuals', value: 'Old visuals are shown' } }]);
  });
  it('proposes reasons of the brand flag list only, and nothing when the group is off', () => {
    const wrong = page({ logos: [], visuals: [{ ref: 'ss19.jpg', hash: OLD_VISUAL }], bio: '' });
    const findings = checkPage(wrong);
    expect(findings.map((f) => f.kind)).toEqual(['logo-missing', 'visuals-old', 'bio-missing']);
    for (const f of findings) expect((BRAND_FLAG_REASONS[f.reason.name as keyof typeof BRAND_FLAG_REASONS] as readonly string[]).includes(f.reason.value)).toBe(true);
    expect(checkPage(wrong, settings({ checks: { ...DEFAULT_CONTENT_SETTINGS.checks, brandPage: false } }))).toEqual([]);
  });
});
