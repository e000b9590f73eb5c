import * as z from 'zod';
import { WEBSITE_TYPES } from '../constants';
import { id } from './common';
import { listRetailersQuery } from './retailers';

export const brandIdPath = z.object({ brandId: id });

// ── Responses (000 §3, §7): shared/types.ts derives Brand and Colors from these. ────────────────

export const colors = z.object({ bgColor: z.string(), textColor: z.string(), hoverColor: z.string(), summaryPageSectionColor: z.string() });
/** A retailer a brand carries, and whether it is shown. */
export const brandRetailer = z.object({ retailer: z.string(), flag: z.boolean(), webSiteType: z.enum(WEBSITE_TYPES).optional() });
export const brand = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().optional(),
  contact: z.object({ email: z.string(), name: z.string() }).optional(),
  colors,
  company_email_bcc: z.string().optional(),
  retailers: z.array(brandRetailer),
  /** Bumped by every change of `retailers` through PUT /brands (absent: 0); sent back with the next change to catch a stale screen. */
  retailersVersion: z.number().optional(),
});
/** GET /brands (admin): every brand with its colours and allowed retailers; with page / limit / cursor one page by name (User Retailer List: 100 a page). */
export const listBrandsResponse = z.object({ data: z.array(brand), totalCount: z.number(), nextCursor: z.string().nullable() });

/** GET /brands: no parameter → every brand; `page` / `limit` / `cursor` → one page by name (the same query as GET /retailers). */
export const listBrandsQuery = listRetailersQuery;
/** A brand in a selector. */
export const brandOption = brand.pick({ _id: true, name: true, slug: true });
/** GET /getBrands (admin): brand names for selectors. */
export const listBrandsForSelectResponse = z.object({ data: z.array(brandOption) });
