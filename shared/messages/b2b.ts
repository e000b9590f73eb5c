/** Texts of the B2B portal's calls and pages (ours: the spec has none). */
import { B2B } from '../constants';

export const B2B_MSG = {
  linkEnded: 'This link has expired or was revoked. Ask the brand for a new one.',
  linkInvalid: 'This link is not valid. Ask the brand for a new one.',
  brandRequired: 'brand is required.',
  retailerNotFound: 'Retailer not found.',
  linkNotFound: 'Link not found.',
  expiryRange: `Expiry must be a whole number of days from ${B2B.minDays} to ${B2B.maxDays}.`,
  created: 'B2B portal link created.',
  revoked: 'Link revoked.',
  alreadyRevoked: 'This link was already revoked.',
} as const;
