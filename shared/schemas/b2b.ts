/**
 * The B2B portal (001 §2 "/b2bReatilerView/{rId}", §6 "The B2B portal type shows a reduced view
 * with only All OH and BASKET"): the links a brand issues for one retailer and the portal
 * session a link opens (docs/decisions.md "B2B portal"). None of these calls is in the spec (it
 * signs the portal in with fixed credentials); the texts are ours.
 */
import * as z from 'zod';
import { B2B } from '../constants';
import { B2B_MSG } from '../messages/b2b';
import { colors } from './brands';
import { id } from './common';
import { nextScanSchema } from './retailer-scrapings';
import { DEFAULT_PRODUCT_SORT, PRODUCT_SORTS } from './scrapings';

export { B2B } from '../constants';
export { B2B_MSG } from '../messages/b2b';

/** The brand an ADMIN acts for (BRAND_ADMIN: their own when left out; another: 403). */
export const b2bBrandQuery = z.object({ brand: id.optional() });

/** POST /b2bLinks?brand= */
export const createB2bLinkBody = z.object({
  retailerId: z.string({ error: 'retailerId is required.' }).trim().min(1, 'retailerId is required.').pipe(id),
  expiresInDays: z
    .number({ error: B2B_MSG.expiryRange })
    .int(B2B_MSG.expiryRange)
    .min(B2B.minDays, B2B_MSG.expiryRange)
    .max(B2B.maxDays, B2B_MSG.expiryRange)
    .default(B2B.defaultDays),
});

/** GET /b2bLinks?brand=&retailerId=&status=&cursor= */
export const listB2bLinksQuery = z.object({
  brand: id.optional(),
  retailerId: z.string({ error: 'retailerId is required.' }).trim().min(1, 'retailerId is required.').pipe(id),
  /** active: neither revoked nor expired (the default); all: every link still kept. */
  status: z.enum(['active', 'all'], { error: 'status must be active or all.' }).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(B2B.pageSize),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** A link's id: 12 random bytes, base64url (16 characters), as issued. */
export const b2bLinkId = z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'Invalid id.');

/** DELETE /b2bLinks/{id}?brand= */
export const b2bLinkIdPath = z.object({ id: b2bLinkId });

/** POST /b2bPortal/session: the link's token, from the URL fragment. */
export const portalExchangeBody = z.object({
  token: z.string({ error: B2B_MSG.linkInvalid }).trim().min(1, B2B_MSG.linkInvalid).max(512, B2B_MSG.linkInvalid),
});

/**
 * What a portal session may ask of GET /retailerBrandProductScrapings: the All OH view of a
 * period (filter=all_oh), its paging, sort and search, nothing else (another tab, the mapped
 * filter or a bare flag: 403). Checked by the wrapper before the route's own schema.
 */
export const portalProductsQuery = z
  .object({
    retailer_brand_scraping: id,
    filter: z.literal('all_oh'),
    page: z.string().regex(/^\d{1,6}$/).optional(),
    limit: z.string().regex(/^\d{1,4}$/).optional(),
    sort: z.enum(PRODUCT_SORTS).default(DEFAULT_PRODUCT_SORT).optional(),
    search: z.string().max(200).optional(),
  })
  .strict();

// ── Responses ─────────────────────────────────────────────────────────────────

export const b2bLinkSchema = z.object({
  _id: z.string(),
  brand: z.string(),
  retailer: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type B2bLink = z.output<typeof b2bLinkSchema>;

/** The link's address is shown once, here: only its hash is kept. */
export const createB2bLinkResponse = z.object({ message: z.string(), data: b2bLinkSchema.extend({ url: z.string() }) });
export const listB2bLinksResponse = z.object({ data: z.array(b2bLinkSchema), nextCursor: z.string().nullable() });
export const revokeB2bLinkResponse = z.object({ message: z.string(), data: b2bLinkSchema });

/** What the portal page needs to draw itself: the brand's theme, the retailer, its latest period. */
export const portalContextSchema = z.object({
  linkId: z.string(),
  linkExpiresAt: z.string(),
  brand: z.object({ _id: z.string(), name: z.string(), colors }),
  retailer: z.object({ _id: z.string(), name: z.string() }),
  /** The latest period, null before the first scan. */
  period: z.object({ _id: z.string(), date: z.string() }).nullable(),
  nextScanDay: z.string().nullable(),
  /** Next Scan of the latest period (docs/period-rules.md "Last Scan and Next Scan"). */
  nextScan: nextScanSchema,
});
export type PortalContext = z.output<typeof portalContextSchema>;

export const portalExchangeResponse = z.object({ token: z.string(), expiresAt: z.string(), data: portalContextSchema });
export const portalSessionResponse = z.object({ data: portalContextSchema });

/** The portal page's address for a retailer and a link token (the token in the fragment: never sent to a server, never in a Referer). */
export const portalPath = (retailerId: string) => `/b2bReatilerView/${encodeURIComponent(retailerId)}`;
