/**
 * PUT /brands/{brandId} (000 §2 Brand tab, §3 Brand, §7; 001 §7): the brand's theme colours and
 * company BCC address (BRAND_ADMIN of the brand or ADMIN), and an ADMIN's allowed-retailer list
 * (001 §2 User Retailer List, issue 11): the body is an object of optional parts
 * (docs/decisions.md "PUT /brands/{brandId}: one body, two parts", "User Retailer List and Permissions").
 */
import * as z from 'zod';
import { DEFAULT_COLORS } from '../constants';
import { brand } from './brands';
import { id } from './common';

export const BRAND_MSG = {
  /** 001 §7 / §8: "PUT /brands/{id} … On status 200 the toast is 'Successfully updated'". */
  updated: 'Successfully updated',
  colour: (label: string) => `${label} must be a colour written #rgb, #rrggbb or #rrggbbaa (for example ${DEFAULT_COLORS.bgColor}).`,
  colourMissing: (label: string) => `${label} is required.`,
  bccInvalid: 'Company BCC email must be a valid email address, or empty.',
  nothingToUpdate: 'Send the brand colours (colors), the company BCC email (company_email_bcc) and/or the allowed retailers (retailers).',
  /** A BRAND_ADMIN sending `retailers` (403): only a site ADMIN changes which retailers a brand has. */
  retailersAdminOnly: "Only a site administrator can change a brand's allowed retailers.",
  retailersInvalid: 'retailers must be a list of { retailer, flag } (retailer: a retailer id; flag: true or false).',
  retailersTooMany: (max: number) => `At most ${max} retailers can be sent at once.`,
  retailerTwice: (id: string) => `The retailer ${id} is in the list twice.`,
  unknownRetailers: (ids: string[]) => `Unknown retailer${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}. Reload the retailers and try again.`,
  versionInvalid: 'retailersVersion must be a whole number, 0 or more.',
  retailersChangedMeanwhile: "This brand's retailers were changed meanwhile by someone else. Reload and try again.",
  unknownField: (k: string) => `Unknown field: ${k}.`,
  brandNotFound: 'Brand not found.',
} as const;

/** The Brand tab's labels of the four colours (000 §2), also the names in the messages. */
export const COLOUR_LABELS = {
  bgColor: 'Background colour',
  textColor: 'Text colour',
  hoverColor: 'Hover colour',
  summaryPageSectionColor: 'Summary section colour',
} as const;

/** #rgb, #rrggbb or #rrggbbaa: nothing else (no #rgba, no names, no rgb()). */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const colour = (k: keyof typeof COLOUR_LABELS) =>
  z
    .string({ error: (i) => (i.input === undefined ? BRAND_MSG.colourMissing(COLOUR_LABELS[k]) : BRAND_MSG.colour(COLOUR_LABELS[k])) })
    .trim()
    .regex(HEX_COLOUR, BRAND_MSG.colour(COLOUR_LABELS[k]))
    .transform((v) => v.toLowerCase());

/** The four colours, all required when colours are sent. */
export const colorsInput = z.strictObject(
  { bgColor: colour('bgColor'), hoverColor: colour('hoverColor'), textColor: colour('textColor'), summaryPageSectionColor: colour('summaryPageSectionColor') },
  { error: (i) => (i.code === 'unrecognized_keys' ? BRAND_MSG.unknownField(`colors.${i.keys[0]}`) : BRAND_MSG.colour('colors')) },
);

/** A valid address, or '' (no company BCC). */
export const companyBcc = z
  .string({ error: BRAND_MSG.bccInvalid })
  .trim()
  .max(254, BRAND_MSG.bccInvalid)
  .refine((v) => v === '' || z.email().safeParse(v).success, BRAND_MSG.bccInvalid)
  .transform((v) => v.toLowerCase());

/** The most entries one PUT may carry (more than any retailer list; a bound on the work of one call). */
export const MAX_RETAILERS_SENT = 1000;

/** One entry of the admin's list: a retailer id and whether it is "Currently Enabled in Dashboard". */
export const retailerFlagInput = z.strictObject(
  { retailer: id, flag: z.boolean({ error: BRAND_MSG.retailersInvalid }) },
  { error: (i) => (i.code === 'unrecognized_keys' ? BRAND_MSG.unknownField(`retailers[].${i.keys[0]}`) : BRAND_MSG.retailersInvalid) },
);

export const retailersInput = z
  .array(retailerFlagInput, { error: BRAND_MSG.retailersInvalid })
  .max(MAX_RETAILERS_SENT, BRAND_MSG.retailersTooMany(MAX_RETAILERS_SENT))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, r] of list.entries()) {
      if (seen.has(r.retailer)) ctx.addIssue({ code: 'custom', path: [i, 'retailer'], message: BRAND_MSG.retailerTwice(r.retailer) });
      seen.add(r.retailer);
    }
  });

/**
 * The body: `{ colors?, company_email_bcc?, retailers?, retailersVersion? }` (at least one of the
 * first three). `retailers` (ADMIN only: the handler answers 403 to anyone else) sets the flag of
 * each retailer it names; `retailersVersion` is the brand's `retailersVersion` the admin's screen
 * was showing (a stale one: 409, nothing written).
 */
export const updateBrandBody = z
  .strictObject(
    {
      colors: colorsInput.optional(),
      company_email_bcc: companyBcc.optional(),
      retailers: retailersInput.optional(),
      retailersVersion: z.number({ error: BRAND_MSG.versionInvalid }).int(BRAND_MSG.versionInvalid).min(0, BRAND_MSG.versionInvalid).optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? BRAND_MSG.unknownField(i.keys[0] ?? '') : BRAND_MSG.nothingToUpdate) },
  )
  .superRefine((b, ctx) => {
    if (b.colors === undefined && b.company_email_bcc === undefined && b.retailers === undefined) ctx.addIssue({ code: 'custom', message: BRAND_MSG.nothingToUpdate });
  });
export type UpdateBrandBody = z.output<typeof updateBrandBody>;
export type RetailerFlagInput = z.output<typeof retailerFlagInput>;

export const updateBrandResponse = z.object({ message: z.string(), data: brand });
