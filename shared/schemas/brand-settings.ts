/**
 * PUT /brands/{brandId} (000 §2 Brand tab, §3 Brand, §7; 001 §7): the brand's theme colours and
 * company BCC address. The same call will carry an ADMIN's allowed-retailer list (001 §2 User
 * Retailer List, issue 11): the body is an object of optional parts, and that part
 * (`retailers`) is in its shape already but refused until then (docs/decisions.md "PUT
 * /brands: one body, two parts").
 */
import * as z from 'zod';
import { DEFAULT_COLORS } from '../constants';
import { brand } from './brands';

export const BRAND_MSG = {
  /** 001 §7 / §8: "PUT /brands/{id} … On status 200 the toast is 'Successfully updated'". */
  updated: 'Successfully updated',
  colour: (label: string) => `${label} must be a colour written #rgb, #rrggbb or #rrggbbaa (for example ${DEFAULT_COLORS.bgColor}).`,
  colourMissing: (label: string) => `${label} is required.`,
  bccInvalid: 'Company BCC email must be a valid email address, or empty.',
  nothingToUpdate: 'Send the brand colours (colors) and/or the company BCC email (company_email_bcc).',
  retailersNotYet: "A brand's allowed retailers cannot be changed through this call yet.",
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

/**
 * The body: `{ colors?, company_email_bcc? }` (at least one). `retailers` (the admin's list of
 * {retailer, flag}, issue 11) is part of the shape so that adding it changes no client, and is
 * refused for now with a clear message.
 */
export const updateBrandBody = z
  .strictObject(
    {
      colors: colorsInput.optional(),
      company_email_bcc: companyBcc.optional(),
      retailers: z.unknown().optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? BRAND_MSG.unknownField(i.keys[0] ?? '') : BRAND_MSG.nothingToUpdate) },
  )
  .superRefine((b, ctx) => {
    if (b.retailers !== undefined) ctx.addIssue({ code: 'custom', path: ['retailers'], message: BRAND_MSG.retailersNotYet });
    else if (b.colors === undefined && b.company_email_bcc === undefined) ctx.addIssue({ code: 'custom', message: BRAND_MSG.nothingToUpdate });
  });
export type UpdateBrandBody = z.output<typeof updateBrandBody>;

export const updateBrandResponse = z.object({ message: z.string(), data: brand });
