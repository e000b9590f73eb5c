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

export const RESOLUTION_LABEL = { retailer_fixed: 'Fixed by the retailer', scan_fixed: 'Fixed on the next scan', dismissed: 'Dismissed' } as const;
/** A case's states and the log's events: the same words on screen as in the activity export (shared). */
export { CASE_EVENT_LABEL as EVENT_LABEL, CASE_SEVERITY_LABEL as SEVERITY_LABEL, CASE_STATUS_LABEL as STATUS_LABEL, CASE_BY_SCAN as BY_SCAN } from '@shared/messages/cases';

/** The Activity view's export of the log (an export job: docs/exports.md). */
export const ACTIVITY_EXPORT_UI = {
  /** The button's name (the retailer page has a product tab's Export too). */
  name: 'Export the case log',
  title: 'Export this log (the event shown) as an Excel file: it downloads when ready and is kept in ALL EXPORTS',
} as const;

/** The product page's case (issue 24): the product's case at this retailer and its log. */
export const PRODUCT_CASE_UI = {
  heading: 'Case',
  noCase: 'This product has never had a case at this retailer.',
  failed: 'The case could not be loaded.',
  log: 'Log, newest first',
  openInCases: 'Open in Cases',
  openInCasesLabel: (retailer: string) => `Open in Cases of ${retailer}`,
  loading: 'Loading the case…',
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
