/**
 * The brand's truth and what the product finds against it (issue 38): the catalogue (golden
 * record), a retailer's market, the content findings and the per-brand check settings. Types and
 * constants both sides read; pure, no zod (the checks' domain code and the web use it).
 */

/** A market: a country (ISO 3166-1 alpha-2, upper case) and its currency (ISO 4217, upper case). */
export interface Market {
  country: string;
  currency: string;
}

/** A catalogue product's status: a retired one still listed is a finding. */
export const CATALOG_STATUSES = ['active', 'retired'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/** A recommended retail price in one market. */
export interface Msrp extends Market {
  amount: number;
}

/** One product of the brand's catalogue (golden record), keyed by its Brand SKU. */
export interface CatalogEntry {
  /** Brand SKU as the brand wrote it (trimmed); matched by `skuKey` (upper case). */
  sku: string;
  name: string;
  description: string;
  category: string;
  /** Collection or season. */
  collection: string;
  status: CatalogStatus;
  /** Official pictures: absolute https URLs, or keys of pictures stored under `screenshots/catalog/<brand-slug>/`. */
  images: string[];
  /** Pictures the brand no longer shows for it (same forms): a retailer showing one shows an old image. */
  retiredImages: string[];
  /** At most one a market. */
  msrp: Msrp[];
}

/** The key a Brand SKU is matched on (catalogue, robot rows, on-hand items). */
export const skuKey = (sku: string) => sku.trim().toUpperCase();

/**
 * A picture's fingerprint, computed once per distinct content (its bytes' SHA-256) and kept:
 * 64-bit perceptual hashes as 16 hex characters (the whole picture, then centred crops so a
 * cropped copy still matches), and a coarse colour signature so a recoloured copy is told apart.
 */
export interface PictureHash {
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** pHash of the whole picture, then of its centred crops (e.g. 90 %, 80 %). */
  phashes: string[];
  /** Mean colour of a small grid (e.g. 4x4 cells, each [L, a, b] rounded): compared by colorDistance. */
  colors: number[];
  width: number;
  height: number;
}

/**
 * Two pictures whose mean CIE76 ΔE over the 4x4 colour grid is at or above this are not the
 * same picture, however close their pHashes. ΔE 2.3 is a just noticeable difference. Measured on
 * the test's synthetic pictures: a JPEG re-encode at quality 60 moves the grid by 0.6, halving
 * the size by 0.2; a centred crop moves every cell over other parts of the picture: 85 % by 7.5
 * on a busy photo and 12.7 on a logo, 80 % by 10.7; a red logo turned blue moves it by 35, a
 * photo's hues rotated by 120° by 55.
 */
export const MAX_SAME_COLOR_DELTA_E = 20;

/** The checks a brand can turn on or off (Settings › Content checks). */
export const CHECK_GROUPS = ['images', 'texts', 'price', 'assortment', 'brandPage'] as const;
export type CheckGroup = (typeof CHECK_GROUPS)[number];

/** What each finding is about, in the seed's flag vocabulary (000 §5, 001 §4). */
export const FINDING_KINDS = [
  'image-foreign', // a product picture not from the brand's catalogue
  'image-old', // a product picture matching a retired official one
  'name', // the product's name differs from the catalogue's
  'description', // the description differs from the catalogue's
  'price-missing',
  'price-wrong', // above MSRP (a price in another currency than the market's is no finding: the post office holds such files)
  'price-discount', // under MSRP beyond the brand's tolerance
  'not-in-catalog', // possible grey market or counterfeit
  'retired', // a retired product still listed
  'logo-missing',
  'logo-old',
  'visuals-old',
  'bio-missing',
  'bio-typo',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** Which group turns a kind on, and whether it is about a product or the brand page. */
export const FINDING_GROUP: Readonly<Record<FindingKind, CheckGroup>> = {
  'image-foreign': 'images',
  'image-old': 'images',
  name: 'texts',
  description: 'texts',
  'price-missing': 'price',
  'price-wrong': 'price',
  'price-discount': 'price',
  'not-in-catalog': 'assortment',
  retired: 'assortment',
  'logo-missing': 'brandPage',
  'logo-old': 'brandPage',
  'visuals-old': 'brandPage',
  'bio-missing': 'brandPage',
  'bio-typo': 'brandPage',
};

/**
 * One finding of a check: what the retailer shows beside what the brand's truth says, with how
 * sure the check is and the flag reason it proposes (the flag modal opens with it pre-filled).
 */
export interface Finding {
  kind: FindingKind;
  /** The product's style number, or '' for the brand page. */
  styleNumber: string;
  /** 0..1. */
  confidence: number;
  /** The flag reason it proposes: a name of PRODUCT_FLAG_REASONS / BRAND_FLAG_REASONS and its option ('' when none). */
  reason: { name: string; value: string };
  /** What the retailer shows (text, a price as '1450.00 EUR', or a picture's URL). */
  retailerValue: string;
  /** What the brand's truth says, in the same form ('' when there is none, e.g. not in the catalogue). */
  brandValue: string;
  /** The details a person needs to judge it (a similarity, a Hamming distance, a text diff as [op, text][] with op -1/0/1, the matched SKU). */
  evidence: Record<string, unknown>;
  /**
   * A stable key of the retailer content the finding is about (kind + the picture's bytes hash,
   * the text, or the price): a dismissed finding with the same key never comes back; a changed
   * content gives a new key.
   */
  contentKey: string;
}

/** The per-brand settings of the checks (Settings › Content checks). */
export interface ContentSettings {
  checks: Record<CheckGroup, boolean>;
  /** Names at or above this similarity (0..1) match the catalogue's. */
  nameSimilarity: number;
  /** Descriptions at or above this similarity match. */
  descriptionSimilarity: number;
  /** A bio at or above this similarity to the current one, and not identical, is a typo; below it needs updates. */
  bioSimilarity: number;
  /** Two pictures whose 64-bit perceptual hashes differ by at most this many bits are the same picture. */
  imageDistance: number;
  /** A price under MSRP by more than this percent is a discount (0: any lower price). */
  discountTolerancePercent: number;
  /** Findings at or above this confidence (0..100) open a case at once; null: never. */
  autoFlagAbove: number | null;
  /** The brand's home market: the market of a retailer that has none of its own (null: such a retailer's prices are not compared). */
  market: Market | null;
}

export const DEFAULT_CONTENT_SETTINGS: ContentSettings = {
  checks: { images: true, texts: true, price: true, assortment: true, brandPage: true },
  nameSimilarity: 0.9,
  descriptionSimilarity: 0.75,
  bioSimilarity: 0.9,
  imageDistance: 10,
  discountTolerancePercent: 0,
  autoFlagAbove: null,
  market: null,
};
