/** Texts of the B2B portal's screens (ours: the spec has none; docs/decisions.md "B2B portal"). */
export { B2B_MSG } from '@shared/messages/b2b';

export const B2B_UI = {
  intro: (retailer: string) => `A read-only link to ${retailer}'s All OH and BASKET tabs, for this retailer only. Anyone with the link can open it until it expires or is revoked.`,
  shownOnce: (date: string) => `The link (valid until ${date}). It is shown only now: copy it.`,
  copied: 'Link copied.',
  copyFailed: 'Could not copy: select the link and copy it.',
  noLinks: 'No active links.',
  showMore: 'Show more links',
  listFailed: 'The links could not be loaded.',
  confirmRevoke: (retailer: string) => `Revoke this link? ${retailer} loses access at once, including a page already open.`,
  loading: 'Opening the link…',
} as const;
