/**
 * The content checks (issue 38): a retailer's product, or its page of the brand, held against the
 * brand's truth (the catalogue entry, its official pictures, the brand kit), giving the findings a
 * person reviews and may flag. Each finding proposes the flag reason of the seed's vocabulary
 * (PRODUCT_FLAG_REASONS / BRAND_FLAG_REASONS) and carries a contentKey of the retailer content it
 * is about, so a dismissed finding stays dismissed until that content changes. Only the groups a
 * brand turned on run (settings.checks). Pure: pictures come already fingerprinted and their
 * distances are injected, so this module does not depend on the picture decoder.
 */
import { createHash } from 'node:crypto';
import { MAX_SAME_COLOR_DELTA_E, skuKey, type CatalogEntry, type ContentSettings, type Finding, type FindingKind, type Market, type Msrp, type PictureHash } from '../../../shared/content';
import { formatMoney } from '../../../shared/money';
import { BRAND_FLAG_REASONS, PRODUCT_FLAG_REASONS } from '../../../shared/schemas/scrapings';
import { normalizeText, similarity, wordDiff } from './text-similarity';

/** Two pictures within settings.imageDistance bits whose colours differ by this much or more are different pictures (a recoloured copy): shared/content.ts. */
export { MAX_SAME_COLOR_DELTA_E };

/** How far apart two fingerprints are: perceptual-hash bits, and the colour signatures' ΔE. */
export interface Distances {
  distance(a: PictureHash, b: PictureHash): number;
  colorDistance(a: PictureHash, b: PictureHash): number;
}

/** A retailer's product as the checks read it. */
export interface ProductForChecks {
  styleNumber: string;
  /** The Brand SKU the retailer shows ('' when none). */
  sku: string;
  name: string;
  description: string;
  /** The shown price, parsed (shared/money.ts parseMoney); null when it shows none. */
  price: { amount: number; currency: string } | null;
  /** Its pictures: the URL or key, and the fingerprint when the picture could be read. */
  pictures: { ref: string; hash?: PictureHash; sha256?: string }[];
}

/** Official fingerprints: those the brand shows now and those it retired. */
export interface OfficialPictures {
  current: PictureHash[];
  retired: PictureHash[];
}

export interface CheckProductInput {
  product: ProductForChecks;
  /** The catalogue entry the product matched (matchCatalogKeys), none when it matched none. */
  entry?: CatalogEntry;
  official: OfficialPictures;
  market?: Market;
  settings: ContentSettings;
  distances: Distances;
}

export interface BrandPageForChecks {
  logos: { ref: string; hash?: PictureHash }[];
  visuals: { ref: string; hash?: PictureHash }[];
  bio: string;
}

export interface BrandKit {
  logos: OfficialPictures;
  visuals: OfficialPictures;
  bio: string;
}

export interface CheckBrandPageInput {
  page: BrandPageForChecks;
  kit: BrandKit;
  settings: ContentSettings;
  distances: Distances;
}

/**
 * The catalogue keys a scraped product may match, in order of trust: its Brand SKU, its OH map id
 * (an Inventory ID is a catalogue SKU: docs/period-rules.md), its style number; as skuKey forms,
 * without empty ones or repeats.
 */
export function matchCatalogKeys(p: { brand_sku: string; oh_map_id: string; style_number: string }): string[] {
  const keys = [p.brand_sku, p.oh_map_id, p.style_number].map(skuKey).filter((k) => k !== '');
  return [...new Set(keys)];
}

type ProductReasons = typeof PRODUCT_FLAG_REASONS;
type BrandReasons = typeof BRAND_FLAG_REASONS;
/** A reason of the fixed lists, checked by the compiler (an option that is not one of the name's does not build). */
const productReason = <N extends keyof ProductReasons>(name: N, value: ProductReasons[N][number] | '') => ({ name, value });
const brandReason = <N extends keyof BrandReasons>(name: N, value: BrandReasons[N][number] | '') => ({ name, value });

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A short stable key: the kind and the content, SHA-256, base64url, 16 characters (96 bits). */
export function contentKey(kind: FindingKind, content: string): string {
  return createHash('sha256').update(`${kind}:${content}`).digest('base64url').slice(0, 16);
}

/** Two fingerprints are the same picture: few differing hash bits and close colours. */
const samePicture = (a: PictureHash, b: PictureHash, settings: ContentSettings, d: Distances) =>
  d.distance(a, b) <= settings.imageDistance && d.colorDistance(a, b) < MAX_SAME_COLOR_DELTA_E;

/** The closest of `candidates` (fewest bits, then closest colours), with both distances; null when there is none. */
function closest(hash: PictureHash, candidates: readonly PictureHash[], d: Distances) {
  let best: { to: PictureHash; distance: number; colorDistance: number } | null = null;
  for (const to of candidates) {
    const distance = d.distance(hash, to);
    const colorDistance = d.colorDistance(hash, to);
    if (!best || distance < best.distance || (distance === best.distance && colorDistance < best.colorDistance)) best = { to, distance, colorDistance };
  }
  return best;
}

/** How sure an "old picture" finding is: 1 for an exact copy of a retired picture, 0.6 at the edge of imageDistance. */
const oldConfidence = (distance: number, settings: ContentSettings) => round(0.6 + 0.4 * (1 - distance / (settings.imageDistance + 1)));

/**
 * How sure an "image-foreign" finding is: the further from every official picture, the surer: 0.5
 * at the edge of imageDistance (or for a recoloured copy), 1 from 32 bits on (unrelated 64-bit
 * hashes differ by about 32).
 */
function foreignConfidence(distance: number | undefined, settings: ContentSettings) {
  const span = Math.max(1, 32 - settings.imageDistance);
  return round(0.5 + 0.5 * Math.min(1, Math.max(0, ((distance ?? 64) - settings.imageDistance) / span)));
}

/**
 * A picture against the official ones: 'current' (fine), 'old' (the same as a retired one and no
 * current one) or 'foreign' (the same as none), with the closest match's distances.
 */
function judgePicture(hash: PictureHash, official: OfficialPictures, settings: ContentSettings, d: Distances) {
  if (official.current.some((c) => samePicture(hash, c, settings, d))) return { verdict: 'current' as const };
  const retired = official.retired.filter((r) => samePicture(hash, r, settings, d));
  if (retired.length > 0) return { verdict: 'old' as const, match: closest(hash, retired, d)! };
  return { verdict: 'foreign' as const, match: closest(hash, [...official.current, ...official.retired], d) };
}

/** The MSRP of a market: the one of its currency and country, else one of its currency. */
function msrpOf(entry: CatalogEntry, currency: string, country?: string): Msrp | undefined {
  return entry.msrp.find((m) => m.currency === currency && m.country === country) ?? entry.msrp.find((m) => m.currency === currency);
}

const toCents = (amount: number) => Math.round(amount * 100);

/** A product's findings against its catalogue entry (none: one 'not-in-catalog' finding). */
export function checkProduct(i: CheckProductInput): Finding[] {
  const { product, entry, official, market, settings, distances } = i;
  const on = settings.checks;
  const findings: Finding[] = [];
  const styleNumber = product.styleNumber;
  const other = productReason('Other', '');

  if (!entry) {
    if (!on.assortment) return [];
    const sku = skuKey(product.sku);
    return [
      {
        kind: 'not-in-catalog',
        styleNumber,
        // A SKU the catalogue does not know is likelier grey market than a product showing none.
        confidence: sku === '' ? 0.4 : 0.6,
        reason: other,
        retailerValue: product.name,
        brandValue: '',
        evidence: { sku },
        contentKey: contentKey('not-in-catalog', `${sku}|${normalizeText(product.name)}`),
      },
    ];
  }

  const matched = { sku: entry.sku };
  if (on.assortment && entry.status === 'retired') {
    findings.push({
      kind: 'retired',
      styleNumber,
      confidence: 0.9,
      reason: other,
      retailerValue: product.name,
      brandValue: entry.name,
      evidence: { ...matched, status: entry.status },
      contentKey: contentKey('retired', `${skuKey(entry.sku)}|${normalizeText(product.name)}`),
    });
  }

  if (on.texts) {
    const texts = [
      { kind: 'name' as const, shown: product.name, truth: entry.name, threshold: settings.nameSimilarity, skipEmpty: false },
      { kind: 'description' as const, shown: product.description, truth: entry.description, threshold: settings.descriptionSimilarity, skipEmpty: true },
    ];
    // A name the retailer does not show differs from the catalogue's (similarity 0); a description
    // it does not show is skipped: many product pages have none.
    for (const t of texts) {
      if (normalizeText(t.truth) === '' || (t.skipEmpty && normalizeText(t.shown) === '')) continue;
      const s = similarity(t.shown, t.truth);
      if (s >= t.threshold) continue;
      findings.push({
        kind: t.kind,
        styleNumber,
        confidence: round(Math.max(0.5, 1 - s)),
        reason: other,
        retailerValue: t.shown,
        brandValue: t.truth,
        // -1: the catalogue's words the retailer lacks; 1: the retailer's own.
        evidence: { ...matched, similarity: round(s), diff: wordDiff(t.truth, t.shown) },
        contentKey: contentKey(t.kind, normalizeText(t.shown)),
      });
    }
  }

  if (on.price) findings.push(...checkPrice(product, entry, market, settings.discountTolerancePercent, matched));

  if (on.images && official.current.length > 0) {
    const seen = new Set<string>();
    for (const picture of product.pictures) {
      if (!picture.hash) continue;
      const judged = judgePicture(picture.hash, official, settings, distances);
      if (judged.verdict === 'current') continue;
      const kind = judged.verdict === 'old' ? 'image-old' : 'image-foreign';
      const key = contentKey(kind, picture.sha256 ?? picture.hash.sha256);
      if (seen.has(key)) continue;
      seen.add(key);
      const match = judged.match;
      const confidence = judged.verdict === 'old' ? oldConfidence(judged.match.distance, settings) : foreignConfidence(match?.distance, settings);
      findings.push({
        kind,
        styleNumber,
        confidence,
        reason: productReason('Image Issues', ''),
        retailerValue: picture.ref,
        brandValue: entry.images[0] ?? '',
        evidence: match ? { ...matched, distance: match.distance, colorDistance: match.colorDistance, official: match.to.sha256 } : { ...matched },
        contentKey: key,
      });
    }
  }
  return findings;
}

/** The price findings: missing, above MSRP, or under it beyond the tolerance (another currency than the market's: none). */
function checkPrice(product: ProductForChecks, entry: CatalogEntry, market: Market | undefined, tolerancePercent: number, matched: { sku: string }): Finding[] {
  const { price, styleNumber } = product;
  if (!price) {
    const msrp = market && msrpOf(entry, market.currency, market.country);
    if (!msrp) return [];
    return [
      {
        kind: 'price-missing',
        styleNumber,
        confidence: 0.95,
        reason: productReason('Price', 'Price is missing'),
        retailerValue: '',
        brandValue: formatMoney(msrp),
        evidence: { ...matched, msrp: msrp.amount },
        contentKey: contentKey('price-missing', ''),
      },
    ];
  }
  // The post office holds a file whose prices are in another currency than the market's. Without
  // a market, the MSRP of the price's currency is the one to compare with.
  if (market && price.currency !== market.currency) return [];
  const msrp = msrpOf(entry, price.currency, market?.country);
  if (!msrp) return [];
  const shown = toCents(price.amount);
  const recommended = toCents(msrp.amount);
  const percent = recommended === 0 ? 0 : round(((recommended - shown) / recommended) * 100, 1);
  const common = { styleNumber, retailerValue: formatMoney(price), brandValue: formatMoney(msrp) };
  // Above MSRP is near certain once the currency agrees (0.9: the price text may still be misread);
  // a discount a little less (0.85: a retailer's sale may be one the brand agreed to).
  if (shown > recommended) {
    return [
      {
        kind: 'price-wrong',
        ...common,
        confidence: 0.9,
        reason: productReason('Price', 'Wrong price'),
        evidence: { ...matched, msrp: msrp.amount, percent: -percent },
        contentKey: contentKey('price-wrong', formatMoney(price)),
      },
    ];
  }
  // In cents and percent points: 1000.00 with a 10 % tolerance makes 900.00 no discount and 899.99 one.
  if (shown * 100 < recommended * (100 - tolerancePercent)) {
    return [
      {
        kind: 'price-discount',
        ...common,
        confidence: 0.85,
        reason: productReason('Price', 'Discount'),
        evidence: { ...matched, msrp: msrp.amount, percent },
        contentKey: contentKey('price-discount', formatMoney(price)),
      },
    ];
  }
  return [];
}

/** What a retailer's page of the brand shows against the brand kit: logos, marketing visuals, bio. */
export function checkBrandPage(i: CheckBrandPageInput): Finding[] {
  const { page, kit, settings, distances } = i;
  if (!settings.checks.brandPage) return [];
  const findings: Finding[] = [];
  const base = { styleNumber: '', brandValue: '' };

  if (page.logos.length === 0) {
    findings.push({
      ...base,
      kind: 'logo-missing',
      // 0.8: a page may draw its logo in a way the robot does not capture as a picture.
      confidence: 0.8,
      reason: brandReason('Brand Logo', 'Logo is missing'),
      retailerValue: '',
      evidence: {},
      contentKey: contentKey('logo-missing', ''),
    });
  }
  const old = [
    { kind: 'logo-old' as const, shown: page.logos, official: kit.logos, reason: brandReason('Brand Logo', 'Old logo is shown') },
    { kind: 'visuals-old' as const, shown: page.visuals, official: kit.visuals, reason: brandReason('Marketing Visuals', 'Old visuals are shown') },
  ];
  for (const o of old) {
    const seen = new Set<string>();
    for (const picture of o.shown) {
      if (!picture.hash) continue;
      const judged = judgePicture(picture.hash, o.official, settings, distances);
      if (judged.verdict !== 'old') continue;
      const key = contentKey(o.kind, picture.hash.sha256);
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        ...base,
        kind: o.kind,
        confidence: oldConfidence(judged.match.distance, settings),
        reason: o.reason,
        retailerValue: picture.ref,
        evidence: { distance: judged.match.distance, colorDistance: judged.match.colorDistance, official: judged.match.to.sha256 },
        contentKey: key,
      });
    }
  }

  const shownBio = normalizeText(page.bio);
  const kitBio = normalizeText(kit.bio);
  if (kitBio !== '' && shownBio === '') {
    findings.push({
      ...base,
      kind: 'bio-missing',
      confidence: 0.9,
      reason: brandReason('Brand Bio', 'Bio is missing'),
      retailerValue: '',
      brandValue: kit.bio,
      evidence: {},
      contentKey: contentKey('bio-missing', ''),
    });
  } else if (kitBio !== '' && shownBio !== kitBio) {
    const s = similarity(page.bio, kit.bio);
    // At or above bioSimilarity the retailer shows the current bio with a typo (surely a finding);
    // below it, another (likely an older) bio that needs updating.
    const typo = s >= settings.bioSimilarity;
    findings.push({
      ...base,
      kind: 'bio-typo',
      confidence: typo ? 0.9 : round(Math.max(0.6, 1 - s)),
      reason: brandReason('Brand Bio', 'Typo/needs updates'),
      retailerValue: page.bio,
      brandValue: kit.bio,
      evidence: { similarity: round(s), typo, diff: wordDiff(kit.bio, page.bio) },
      contentKey: contentKey('bio-typo', shownBio),
    });
  }
  return findings;
}
