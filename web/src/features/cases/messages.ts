/** Texts of the cases screens (ours: the spec has none; issue 24). */
export { CASE_MSG } from '@shared/messages/cases';

export const CASE_UI = {
  intro: 'Each flag is a case: the evidence seen when it opened, who emailed the retailer, and how it ended.',
  listFailed: 'The cases could not be loaded.',
  caseFailed: 'This case could not be loaded.',
  showMore: 'Show more',
  noResolved: 'No resolved cases.',
  notOnHand: 'Not matched to an on-hand item',
  pictures: 'Pictures kept with the case',
  picture: 'Product picture',
  heroImage: 'Brand hero image',
  screenshot: 'Page screenshot',
  /** The retailer's evidence pack (issue 24 §2): a PDF of the active cases, made on the server. */
  pack: 'Evidence pack (PDF)',
  packNone: 'No active case to put in a pack.',
} as const;

export const STATUS_LABEL = { open: 'Open', notified: 'Notified', acknowledged: 'Acknowledged', resolved: 'Resolved' } as const;
export const SEVERITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;
export const RESOLUTION_LABEL = { retailer_fixed: 'Fixed by the retailer', scan_fixed: 'Fixed on the next scan', dismissed: 'Dismissed' } as const;
export const EVENT_LABEL = {
  flagged: 'Flagged',
  reflagged: 'Flag changed',
  emailed: 'Emailed',
  acknowledged: 'Marked fixed',
  retailer_note: 'Retailer note',
  unflagged: 'Unflagged',
  resolved: 'Resolved',
  auto_resolved: 'Fixed on a scan',
  reopened: 'Reopened',
} as const;
