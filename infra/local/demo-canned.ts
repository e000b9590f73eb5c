/**
 * Demo canned messages of Maison Aurelle (000 §3): rich text with the placeholders the contact
 * form fills (shared/schemas/contact.ts EMAIL_VARIABLES), one of them inactive (hidden by the
 * form). Fixed ids: a second seed writes nothing.
 */
import { putCannedMessage, type NewCannedMessage } from '../../functions/contact/canned-messages.repo';

const BRAND = 'brand-maison-aurelle';
const by = 'user-brandadmin';

export const DEMO_CANNED_MESSAGES: (NewCannedMessage & { _id: string })[] = [
  {
    _id: 'canned-ma-price',
    name: 'Price issue',
    status: 'active',
    brand: BRAND,
    createdBy: by,
    content:
      '<p>Dear {firstName} {lastName},</p><p>While auditing the {Retailer_name} website we found a <strong>price that does not match</strong> our price list for {Brand_name}. Could you please correct it?</p><p>Kind regards,</p><p>{User_name}</p>',
  },
  {
    _id: 'canned-ma-images',
    name: 'Image update request',
    status: 'active',
    brand: BRAND,
    createdBy: by,
    content:
      '<p>Hello {firstName},</p><p>Some {Brand_name} product images on {Retailer_name} are out of date. Please replace them with the attached visuals.</p><p>Thank you,</p><p>{User_name}</p>',
  },
  {
    _id: 'canned-ma-bio',
    name: 'Brand bio typo',
    status: 'active',
    brand: BRAND,
    createdBy: by,
    content: '<p>Dear {firstName},</p><p>The {Brand_name} description on your website has a typo. The approved text is below.</p><p>Best,</p><p>{User_name}</p>',
  },
  {
    _id: 'canned-ma-old-season',
    name: 'Old season reminder (retired)',
    status: 'inactive',
    brand: BRAND,
    createdBy: by,
    content: '<p>Dear {firstName},</p><p>Please remove last season’s {Brand_name} collection from {Retailer_name}.</p><p>{User_name}</p>',
  },
];

/** Writes the demo canned messages that are not there yet; how many were written. */
export async function seedCannedMessages(): Promise<number> {
  let written = 0;
  for (const m of DEMO_CANNED_MESSAGES) if ((await putCannedMessage(m)).created) written++;
  return written;
}
