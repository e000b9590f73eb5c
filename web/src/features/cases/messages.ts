/** Texts of the cases screens (ours: the spec has none; issue 24). */
export { CASE_MSG } from '@shared/messages/cases';

export const CASE_UI = {
  intro: 'Each flag is a case: the evidence seen when it opened, who emailed the retailer, and how it ended.',
  listFailed: 'The cases could not be loaded.',
  caseFailed: 'This case could not be loaded.',
  showMore: 'Show more',
  noResolved: 'No resolved cases.',
  notOnHand: 'Not matched to an on-hand item',
} as const;

export const STATUS_LABEL = { open: 'Open', notified: 'Notified', acknowledged: 'Acknowledged', resolved: 'Resolved' } as const;
export const SEVERITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;
export const RESOLUTION_LABEL = { retailer_fixed: 'Fixed by the retailer', scan_fixed: 'Fixed on the next scan', dismissed: 'Dismissed' } as const;
export const EVENT_LABEL = {
  flagged: 'Flagged',
  reflagged: 'Flag changed',
  emailed: 'Emailed',
  escalated: 'Second notice drafted',
  acknowledged: 'Marked fixed',
  retailer_note: 'Retailer note',
  unflagged: 'Unflagged',
  resolved: 'Resolved',
  auto_resolved: 'Fixed on a scan',
  reopened: 'Reopened',
} as const;

/** Settings → Cases and the second notice (issue 24 §4). */
export const CASE_SETTINGS_UI = {
  title: 'Cases',
  noBrand: 'No brand to set up.',
  loadFailed: 'The case settings could not be loaded.',
  readOnly: "Only a brand admin can change the brand's case settings.",
  toleranceLegend: 'Price tolerance',
  toleranceHint: 'A price that differs from the on-hand price by no more than this is In Price Sync, not a Price Issue, and a scan showing it closes a price case. With both set, the larger applies; 0 and 0: the same price only.',
  overdueLegend: 'Overdue cases',
  overdueHint: 'A case emailed to the retailer with no answer after this many days is overdue.',
  escalation: { off: 'Off', draft: 'Draft it for us to send', send: 'Send it every day at 07:00 UTC' },
  messageHint: 'A canned message of the Inbox opens the second notice; the list of overdue cases and the link to them follow it.',
  builtInMessage: 'The built-in text',
  lastSaved: (at: string) => `Last saved ${new Date(at).toLocaleString('en-US')}.`,
  noticeTitle: (cases: number, days: number) => `${cases} overdue ${cases === 1 ? 'case' : 'cases'}: emailed more than ${days} days ago, no answer`,
  noContact: 'No contact of this brand: add one in the Address Book.',
  send: 'Send the second notice',
  sendAgain: 'Send another notice',
} as const;
