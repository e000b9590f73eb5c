/** Retailers (001 §3, §7): shared/types.ts derives Retailer from these; the admin Retailer List's form and queries. */
import * as z from 'zod';
import { PAGE } from '../constants';
import { RETAILER_MSG as M } from '../messages/retailers';
import { foldName } from '../slug';
import { id } from './common';

export const retailer = z.object({ _id: z.string(), name: z.string(), optId: z.string(), slug: z.string(), website: z.string() });
/**
 * GET /retailers: every retailer sorted by name (the post office's Retailer select, the brand
 * checklist); with `page`, `limit` or `cursor` one page of them (the admin Retailer List, 100 a
 * page), `totalCount` from the count kept on write and `nextCursor` (null on the last page).
 */
export const listRetailersResponse = z.object({ data: z.array(retailer), totalCount: z.number(), nextCursor: z.string().nullable() });

/** GET /retailers: no parameter → the whole list; `page` / `limit` / `cursor` → one page by name. */
export const listRetailersQuery = z.object({
  page: z.coerce.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').max(1_000_000, 'page is too large.').optional(),
  limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be 1 or more.').max(PAGE.maxLimit, `limit must be at most ${PAGE.maxLimit}.`).optional(),
  /** Where the page starts: the `nextCursor` of the page before. */
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/**
 * Slugs that cannot name a retailer: words the robots' folders, the post office or a file system
 * give a meaning (`incoming/<type>/<slug>/…`; 'unknown' marks an unreadable drop; Windows device
 * names break a synced folder).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'all', 'none', 'null', 'undefined', 'unknown', 'incoming', 'outgoing', 'admin', 'api', 'oh', 'on-hand', 'default', 'test',
  'con', 'prn', 'aux', 'nul', ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`), ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);

/** Lower-case ASCII letters and digits in runs joined by single hyphens: no leading, trailing or doubled '-', nothing a look-alike could hide in. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const OPT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

/** An http(s) address with a host and no user name or password in it. */
export function isWebsite(v: string): boolean {
  if (/\s/.test(v)) return false;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password && /^[a-z]+:\/\//i.test(v);
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The add / edit modal (Name, Opt ID, Slug, Website): what POST /retailers and PUT /retailers/{id} take. */
export const retailerFields = {
  name: required(M.nameRequired)
    .min(2, M.tooShort)
    .max(100, M.tooLong)
    .refine((v) => !CONTROL.test(v), M.nameControl)
    .refine((v) => foldName(v) !== '', M.nameNoLetter),
  /** Compared and stored upper-cased: on-hand feeds match their Customer ID to it case-insensitively. */
  optId: required(M.optIdRequired)
    .regex(OPT_ID_PATTERN, M.optIdInvalid)
    .transform((v) => v.toUpperCase()),
  slug: required(M.slugRequired)
    .min(2, M.tooShort)
    .max(60, M.tooLong)
    .regex(SLUG_PATTERN, M.slugInvalid)
    .refine((v) => !RESERVED_SLUGS.has(v), { error: (i) => M.slugReserved(String(i.input)) }),
  website: required(M.websiteRequired).max(2048, M.tooLong).refine(isWebsite, M.websiteInvalid),
};
const unknownKeys = { error: (i: { code?: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown parameter: ${(i.keys ?? []).join(', ')}.` : undefined) };
export const retailerBody = z.strictObject(retailerFields, unknownKeys);
export type RetailerInput = z.input<typeof retailerBody>;
export type RetailerValues = z.output<typeof retailerBody>;

export const retailerIdPath = z.object({ id });
/** Mutating routes take no query parameter (test/security/fuzz.test.ts). */
export const noQuery = z.strictObject({}, unknownKeys);

/** POST /retailers, PUT /retailers/{id}: the retailer as it is now. */
export const saveRetailerResponse = z.object({ message: z.string(), data: retailer });
/** DELETE /retailers/{id}. */
export const deleteRetailerResponse = z.object({ message: z.string(), _id: z.string() });
