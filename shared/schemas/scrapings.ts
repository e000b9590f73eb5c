/**
 * Requests of the product-scraping, scan-period, summary and on-hand calls (000 §7, 001 §4, §7).
 * The tab filters are documented in docs/period-rules.md ("Tab filters").
 */
import * as z from 'zod';
import { PAGE } from '../constants';
import { SCRAPING_MSG as FLAG_MSG } from '../messages/scrapings';
import { id, paging } from './common';
import { LIST_FILTER_VALUES, LIST_SORT_KEYS } from '../retailer-list';

/** The largest page of the brand's retailers (GET /RetailerScraping/{brandId}): answers stay bounded. */
export const RETAILER_LIST_MAX_LIMIT = 100;

export const PRODUCT_SORTS = ['name;asc', 'name;desc', 'price;asc', 'price;desc', 'style_number;asc', 'style_number;desc'] as const;
export const DEFAULT_PRODUCT_SORT = 'name;asc';

/** The on-hand filter flags of 001 §9, each a tab of the retailer view. */
export const ON_HAND_FILTERS = ['price_diff', 'all_oh', 'sd_data', 'oh_data', 'price_match', 'oh_sd_data'] as const;
export type OnHandFilter = (typeof ON_HAND_FILTERS)[number];

/**
 * What a product-list request asks for: `products` (the plain list, "ALL SCRAPED"), `change`
 * (tab=change), `flagged` (isFlagged=yes) or one on-hand filter.
 */
export type ProductView = 'products' | 'change' | 'flagged' | OnHandFilter;
/** Views whose rows are on-hand items rather than scraped products. */
export const ON_HAND_ROW_VIEWS: readonly ProductView[] = ['all_oh', 'oh_data', 'oh_sd_data'];

const requiredId = (name: string) => z.string({ error: `${name} is required.` }).trim().min(1, `${name} is required.`).pipe(id);

/** A bare flag such as `?price_diff` or `?price_diff=true`; `false`/`0` mean "not set". */
const bareFlag = z
  .enum(['', 'true', '1', 'false', '0'], { error: 'A tab flag is true or false.' })
  .transform((v) => v === '' || v === 'true' || v === '1')
  .optional();

/** GET /retailerBrandProductScrapings */
export const listProductScrapingsQuery = z
  .object({
    retailer_brand_scraping: requiredId('retailer_brand_scraping'),
    page: paging.page,
    limit: paging.limit.default(PAGE.products),
    sort: z.enum(PRODUCT_SORTS, { error: 'Sort must be name, price or style_number with ;asc or ;desc.' }).default(DEFAULT_PRODUCT_SORT),
    search: z.string().trim().max(200, 'Too Long!').optional(),
    /** The ALL SCRAPED tab's Mapped / NOT Mapped buttons. */
    oh_map_id: z.enum(['true', 'false'], { error: 'oh_map_id must be true or false.' }).optional(),
    tab: z.enum(['change'], { error: 'tab must be change.' }).optional(),
    isFlagged: z.enum(['yes', 'no'], { error: 'isFlagged must be yes or no.' }).optional(),
    filter: z.enum(ON_HAND_FILTERS, { error: `filter must be one of ${ON_HAND_FILTERS.join(', ')}.` }).optional(),
    price_diff: bareFlag,
    all_oh: bareFlag,
    sd_data: bareFlag,
    oh_data: bareFlag,
    price_match: bareFlag,
    oh_sd_data: bareFlag,
  })
  .transform((q, ctx) => {
    const asked = new Set<ProductView>();
    if (q.tab === 'change') asked.add('change');
    if (q.isFlagged === 'yes') asked.add('flagged');
    if (q.filter) asked.add(q.filter);
    for (const f of ON_HAND_FILTERS) if (q[f]) asked.add(f);
    if (asked.size > 1) {
      ctx.addIssue({ code: 'custom', path: ['filter'], message: `Choose one tab filter at a time (got ${[...asked].join(', ')}).` });
      return z.NEVER;
    }
    const view: ProductView = [...asked][0] ?? 'products';
    return {
      retailer_brand_scraping: q.retailer_brand_scraping,
      page: q.page,
      limit: q.limit,
      sort: q.sort,
      search: q.search || undefined,
      mapped: q.oh_map_id === undefined ? undefined : q.oh_map_id === 'true',
      /** isFlagged=no narrows the plain list to unflagged products. */
      unflaggedOnly: q.isFlagged === 'no',
      view,
    };
  });
export type ListProductScrapingsQuery = z.output<typeof listProductScrapingsQuery>;

export const productIdPath = z.object({ id });

/** PUT /retailerBrandProductScrapings/{id}: exactly one of the three edits. */
export const updateProductScrapingBody = z
  .object({
    oh_map_id: z
      .string({ error: 'oh_map_id must be text.' })
      .trim()
      .max(100, 'Too Long!')
      .nullable()
      .transform((v) => v ?? '')
      .optional(),
    brand_sku: z.string({ error: 'Please select brand sku.' }).trim().min(1, 'Please select brand sku.').max(100, 'Too Long!').optional(),
    /** A Brand SKU option of GET /getBrandSkus/{brandId}. */
    product: z
      .object(
        {
          _id: z.string({ error: 'Please select brand sku.' }).trim().min(1, 'Please select brand sku.').max(64, 'Too Long!'),
          sku: z.string({ error: 'Please select brand sku.' }).trim().min(1, 'Please select brand sku.').max(100, 'Too Long!'),
        },
        { error: 'Please select brand sku.' },
      )
      .optional(),
  })
  .refine((b) => [b.oh_map_id, b.brand_sku, b.product].filter((v) => v !== undefined).length === 1, {
    message: 'Send one of oh_map_id, brand_sku or product.',
  });
export type UpdateProductScrapingBody = z.output<typeof updateProductScrapingBody>;

export const brandIdPath = z.object({ brandId: id });
export const brandRetailerPath = z.object({ brandId: id, retailerId: id });
/** GET /RetailerScraping/{brandId}/{id}: `id` is a scan period id or a retailer id. */
export const brandAndIdPath = z.object({ brandId: id, id });

/**
 * GET /RetailerScraping/{brandId}?user=&page=&limit=&sort=&filter=&search=&rep=: one page of the
 * brand's retailers (the Retailer List 25 a page, the tiles 10 a chunk; at most 100 a page),
 * sorted (`name;asc` by default: shared/retailer-list.ts), filtered by website type, by a
 * retailer-name search (the tiles' filter) and by a rep's name.
 */
export const retailerScrapingsQuery = z.object({
  user: id.optional(),
  page: paging.page,
  limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit is at least 1.').max(RETAILER_LIST_MAX_LIMIT, `limit is at most ${RETAILER_LIST_MAX_LIMIT}.`).default(PAGE.defaultLimit),
  sort: z.enum(LIST_SORT_KEYS.flatMap((k) => [`${k};asc`, `${k};desc`] as const) as [string, ...string[]], { error: 'sort must be one of the list columns with ;asc or ;desc.' }).optional(),
  filter: z.enum(LIST_FILTER_VALUES, { error: 'filter must be all, with-products, without-products or module.' }).default('all'),
  search: z.string().trim().max(100, 'Too Long!').optional(),
  rep: z.string().trim().max(200, 'Too Long!').optional(),
});
export type RetailerScrapingsQuery = z.output<typeof retailerScrapingsQuery>;

/** GET /getRelatedProducts?id=&brand=&retailer= */
export const relatedProductsQuery = z.object({
  id: requiredId('id'),
  brand: requiredId('brand'),
  retailer: id.optional(),
});

/** GET /getBatchItems?retailerId=&serialNo= (brand: for an ADMIN acting for a brand; others use their own). */
export const batchItemQuery = z.object({
  retailerId: requiredId('retailerId'),
  serialNo: z.string({ error: 'serialNo is required.' }).trim().min(1, 'serialNo is required.').max(100, 'Too Long!'),
  brand: id.optional(),
});

/** The reasons a product can be flagged for (000 §5, 001 §2): Price needs one of its options. */
export const PRODUCT_FLAG_REASONS = { Price: ['Price is missing', 'Wrong price', 'Discount'], 'Image Issues': [], Other: [] } as const satisfies Record<string, readonly string[]>;
/** The reasons a brand profile can be flagged for (000 §5): Brand Bio needs one of its options. */
export const BRAND_FLAG_REASONS = {
  'Brand Logo': ['Logo is missing', 'Old logo is shown', 'different issue'],
  'Marketing Visuals': ['Visuals are missing', 'Old visuals are shown', 'different issue'],
  'Brand Bio': ['Bio is missing', 'Typo/needs updates', 'different issue'],
  'Image Issues': [],
  Other: [],
} as const satisfies Record<string, readonly string[]>;
/** The reasons whose option must be chosen, and the message when it is not. */
export const FLAG_REQUIRED_OPTION = { Price: 'Please choose Price is missing, Wrong price or Discount.', 'Brand Bio': FLAG_MSG.requiredField } as const;
export const FLAG_MESSAGE_MAX = 1000;

/**
 * PUT /updateReatilerBrandProductFlag/{id} and PUT /updateBrandFlag/{id} (000 §3 "Flag payload"):
 * `{ message, reason: [{name, value}], isFlagged }`. Flagging needs at least one reason from the
 * fixed list (a reason with options carries one of them, Price and Brand Bio must); unflagging
 * sends an empty reason.
 */
function flagBody(reasons: Record<string, readonly string[]>) {
  const names = Object.keys(reasons) as [string, ...string[]];
  return z
    .object({
      isFlagged: z.enum(['yes', 'no'], { error: 'isFlagged must be yes or no.' }),
      message: z.string({ error: 'message must be text.' }).max(FLAG_MESSAGE_MAX, `The message is at most ${FLAG_MESSAGE_MAX} characters.`).default(''),
      reason: z
        .array(
          z.object({
            name: z.enum(names, { error: `A reason is one of: ${names.join(', ')}.` }),
            value: z.string({ error: 'A reason value must be text.' }).max(100, 'Too Long!').default(''),
          }),
          { error: 'reason must be a list of {name, value}.' },
        )
        .max(names.length, 'Each reason can be given once.')
        .default([]),
    })
    .superRefine((b, ctx) => {
      if (b.isFlagged === 'no') {
        if (b.reason.length) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Unflagging sends an empty reason.' });
        return;
      }
      if (!b.reason.length) ctx.addIssue({ code: 'custom', path: ['reason'], message: FLAG_MSG.selectAtLeastOne });
      const seen = new Set<string>();
      b.reason.forEach((r, i) => {
        if (seen.has(r.name)) ctx.addIssue({ code: 'custom', path: ['reason', i], message: 'Each reason can be given once.' });
        seen.add(r.name);
        const options = reasons[r.name] ?? [];
        const required = FLAG_REQUIRED_OPTION[r.name as keyof typeof FLAG_REQUIRED_OPTION];
        if (options.length && !(options.includes(r.value) || (!required && (r.value === '' || r.value === r.name)))) {
          ctx.addIssue({ code: 'custom', path: ['reason', i, 'value'], message: required ?? `${r.name} is one of: ${options.join(', ')}.` });
        }
      });
    })
    .transform((b) => ({ ...b, reason: b.reason.map((r) => ({ name: r.name, value: r.value || r.name })) }));
}
/**
 * The flag modal's FLAG REASON form (000 §5): each reason ticked or not with its chosen option, and
 * the details. At least one reason (FLAG_MSG.selectAtLeastOne, under `reasons`), and the option of
 * a ticked reason that requires one (FLAG_REQUIRED_OPTION, under `reasons.<name>.value`). Its
 * output is the flag body: the ticked reasons in the list's order, each with its option or its
 * own name, and the details trimmed.
 */
export function flagForm(reasons: Record<string, readonly string[]>) {
  const names = Object.keys(reasons);
  return z
    .object({
      reasons: z.record(z.string(), z.object({ on: z.boolean(), value: z.string() })),
      message: z.string().max(FLAG_MESSAGE_MAX, `The message is at most ${FLAG_MESSAGE_MAX} characters.`),
    })
    .superRefine((v, ctx) => {
      const ticked = names.filter((n) => v.reasons[n]?.on);
      if (!ticked.length) ctx.addIssue({ code: 'custom', path: ['reasons'], message: FLAG_MSG.selectAtLeastOne });
      for (const n of ticked) {
        const required = FLAG_REQUIRED_OPTION[n as keyof typeof FLAG_REQUIRED_OPTION];
        if (required && !v.reasons[n]?.value) ctx.addIssue({ code: 'custom', path: ['reasons', n, 'value'], message: required });
      }
    })
    .transform((v) => ({
      isFlagged: 'yes' as const,
      message: v.message.trim(),
      reason: names.filter((n) => v.reasons[n]?.on).map((n) => ({ name: n, value: v.reasons[n]?.value || n })),
    }));
}
export const productFlagBody = flagBody(PRODUCT_FLAG_REASONS);
export const brandFlagBody = flagBody(BRAND_FLAG_REASONS);
export type FlagBody = z.output<typeof productFlagBody>;
/** PUT /updateBrandFlag/{id}: the retailer scan info id (scanInfoIdOf(brand, retailer)). */
export const scanInfoIdPath = z.object({ id });
export const updateFlagResponse = z.object({ message: z.string(), data: z.object({ _id: z.string(), isFlagged: z.enum(['yes', 'no']), flagMessage: z.unknown() }) });

/** Literal texts of these calls: declared in shared/messages/scrapings.ts (this export kept for existing imports). */
export { SCRAPING_MSG } from '../messages/scrapings';

/** GET /getBrandSkus/{brandId} */
export const brandSkusPath = z.object({ brandId: id });

// ── Responses (000 §3, 001 §3): the web's types derive from these, the handlers' return types are
// checked against them (shared/routes/responses.ts) and the contract suite parses the wire with them.



/** The flag payload as stored (the flag calls own it): reasons {name, value}, a message, the flagged-at price and date. */
export const flagMessageSchema = z.object({
  reason: z.array(z.object({ name: z.string(), value: z.unknown() })).optional(),
  message: z.string().optional(),
  state: z.object({ price: z.number().nullable().optional() }).optional(),
  date: z.string().optional(),
});
export type FlagMessage = z.output<typeof flagMessageSchema>;

export const CHANGE_TYPES = ['added', 'deleted', 'change'] as const;
export const brandSkuRefSchema = z.object({ _id: z.string(), sku: z.string() });

/** A product scrape of a period (000 §3 / 001 §3 "Product scrape"). */
export const productScrapeSchema = z.object({
  _id: z.string(),
  retailer_brand_scraping: z.string(),
  brand: z.string(),
  retailer: z.string(),
  date: z.string(),
  style_number: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  image: z.string(),
  imageUrl: z.string(),
  screenshot: z.string(),
  URL: z.string(),
  product_description: z.string(),
  shoppability: z.string(),
  brand_label: z.string(),
  type: z.enum(CHANGE_TYPES).optional(),
  /** The old values of the changed fields. */
  change: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  isFlagged: z.enum(['yes', 'no']),
  flagMessage: z.unknown().optional(),
  oh_map_id: z.string(),
  brand_sku: z.string(),
  product: brandSkuRefSchema.optional(),
  edited: z.array(z.enum(['oh_map_id', 'brand_sku'])).optional(),
  updatedAt: z.string().optional(),
});
export type ProductScrapeRow = z.output<typeof productScrapeSchema>;

/** A row of the price tabs: the product with the price of its on-hand unit. */
export const pricedProductRowSchema = productScrapeSchema.extend({
  oh_price: z.number().nullable(),
  /** OH price minus price. */
  priceDiff: z.number().nullable(),
  serialNo: z.string(),
  inventoryId: z.string(),
});
export type PricedProductRow = z.output<typeof pricedProductRowSchema>;

/** An on-hand item as the brand's feed has it (a unit of its stock at one retailer). */
export const ohItemSchema = z.object({
  serialNo: z.string(),
  inventoryId: z.string(),
  styleName: z.string(),
  price: z.number().nullable(),
  customerId: z.string(),
  customerName: z.string(),
  image: z.string(),
});

/** A row of the on-hand tabs (Serial #, Inventory ID, Description, Price, image). */
export const ohRowSchema = ohItemSchema.extend({ _id: z.string(), name: z.string(), description: z.string() });
export type OhRow = z.output<typeof ohRowSchema>;

export const productRowSchema = z.union([pricedProductRowSchema, productScrapeSchema, ohRowSchema]);
export type ProductRow = z.output<typeof productRowSchema>;

export const listProductScrapingsResponse = z.object({ data: z.array(productRowSchema), totalCount: z.number() });
export const getProductScrapingResponse = z.object({ data: productScrapeSchema });
export const updateProductScrapingResponse = z.object({ message: z.string(), data: productScrapeSchema });
/** GET /getRelatedProducts: the product in every period, newest first, with `period` (its date). */
export const relatedProductsResponse = z.object({ data: z.array(productScrapeSchema.extend({ period: z.string() })), totalCount: z.number() });

export const batchItemResponse = z.object({ data: z.object({ data: ohItemSchema.extend({ _id: z.string() }) }) });

/** A Brand SKU option (000 §3): the brand's catalogue SKUs (the Inventory IDs of its current on-hand feed). */
export const brandSkuOptionSchema = brandSkuRefSchema;
export type BrandSkuOption = z.output<typeof brandSkuOptionSchema>;

/** The Brand SKU edit's choice that reveals a free-text field: not an option of the list. */
export const BRAND_SKU_OTHER: BrandSkuOption = { _id: '__other__', sku: 'Other' };
/**
 * The Brand SKU edit of a product row (000 §5): an option of the brand's list, or Other with its
 * free text. Nothing chosen, or Other left empty: 'Please select brand sku.' (under `choice`). Its
 * output is the PUT body: `{ product }` for an option, `{ brand_sku }` (trimmed) for Other.
 */
export const brandSkuForm = z
  .object({ choice: brandSkuOptionSchema.nullable(), other: z.string() })
  .superRefine((v, ctx) => {
    if (!v.choice || (v.choice._id === BRAND_SKU_OTHER._id && !v.other.trim())) ctx.addIssue({ code: 'custom', path: ['choice'], message: FLAG_MSG.selectBrandSku });
  })
  .transform((v): { product: BrandSkuOption } | { brand_sku: string } =>
    v.choice && v.choice._id !== BRAND_SKU_OTHER._id ? { product: { _id: v.choice._id, sku: v.choice.sku } } : { brand_sku: v.other.trim() },
  );
export const brandSkusResponse = z.object({ data: z.array(brandSkuOptionSchema), totalCount: z.number() });
