/** Texts of the case calls (issue 24; ours, not the spec's): the functions' and the web's. */
export const CASE_MSG = {
  notFound: 'Case not found.',
  resolved: 'Case resolved.',
  alreadyResolved: 'This case is already resolved.',
  reasonRequired: 'Say why the case is dismissed.',
  noCases: 'No open cases.',
  noActivity: 'No activity yet.',
  linkInvalid: 'This link is not valid. Ask the brand for a new one.',
  linkEnded: 'This link has expired or was revoked. Ask the brand for a new one.',
  markedFixed: 'Thank you: the brand is told that you fixed it.',
  noteSent: 'Thank you: your note was sent to the brand.',
  noteRequired: 'Write a note.',
  tooManyAnswers: 'Too many answers from this link for now. Please try again later.',
  linkRevoked: 'Link revoked.',
  linkNotFound: 'Link not found.',
} as const;

/** A retailer's link to the open cases (issue 24 §3): how long it lives; how many answers an hour it takes. */
export const CASE_LINK = { days: 30, answersPerHour: 30 } as const;

// ── What the log says, on screen and in the activity export (issue 24) ─────────────────────────

/** A case's state, as people read it. */
export const CASE_STATUS_LABEL = { open: 'Open', notified: 'Notified', acknowledged: 'Acknowledged', resolved: 'Resolved' } as const;
/** A case's severity, as people read it (the badge, the evidence pack). */
export const CASE_SEVERITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;
/** Each kind of event of the log, as people read it. */
export const CASE_EVENT_LABEL = {
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
/** Who did it, when no person did (a scan closed or reopened the case). */
export const CASE_BY_SCAN = 'The scan';
/** The subject of a brand profile's case. */
export const CASE_PROFILE_SUBJECT = 'Brand profile';

/** The retailer's log as an xlsx (POST /caseActivity/{brandId}/{retailerId}/export). */
export const CASE_ACTIVITY_EXPORT = {
  title: 'Case activity',
  columns: { at: 'Date (UTC)', subject: 'Case', kind: 'Event', by: 'By', detail: 'Detail', status: 'Case status after' },
  retailerNotFound: 'Retailer not found.',
} as const;

/**
 * The retailer's evidence pack (issue 24 §2): `GET /caseEvidencePack/{brandId}/{retailerId}`'s
 * answers and the PDF's own words (a cover, then one page per active case, worst first).
 */
export const CASE_PACK = {
  /** At most this many cases in one pack (the worst first); the cover says when there were more. */
  maxCases: 200,
  ready: 'Evidence pack ready.',
  noCases: 'This retailer has no active case: there is nothing to put in an evidence pack.',
  retailerNotFound: 'Retailer not found.',
  title: 'Evidence pack',
  intro: 'One page per active case, worst first: the evidence seen when the case opened (or last reopened), kept as it was then.',
  truncated: (shown: number, total: number) => `This pack holds the ${shown} worst of the ${total} active cases; the others are on the retailer's CASES tab.`,
  labels: {
    brand: 'Brand',
    retailer: 'Retailer',
    generated: 'Generated on',
    active: 'Active cases',
    bySeverity: 'By severity',
    byStatus: 'By status',
    case: 'Case',
    styleNumber: 'Style number',
    severity: 'Severity',
    status: 'Status',
    opened: 'Opened',
    notified: 'Notified',
    repeats: 'Came back',
    scanDate: 'Scan date',
    reasons: 'Reasons',
    message: 'Message',
    retailerPrice: 'Retailer price',
    onHandPrice: 'On-hand price',
    gap: 'Gap',
    page: 'Product page',
    brandPage: 'Brand page',
    picture: 'Product picture',
    heroImage: 'Brand hero image',
    screenshot: 'Page screenshot',
  },
  severity: CASE_SEVERITY_LABEL,
  status: CASE_STATUS_LABEL,
  notOnHand: 'Not matched to an on-hand item',
  notNotified: 'Not yet',
  none: 'None',
  noPicture: 'No picture was kept with this case.',
  pictureNotShown: 'Kept with the case, in a format this PDF cannot show (open the case in the app).',
  pictureGone: 'No longer stored: it was not kept before the scraped copy expired.',
  pictureTooLarge: 'Kept with the case, too large to put in the pack (open the case in the app).',
  pageOf: (n: number, total: number) => `Page ${n} of ${total}`,
  fileName: (retailer: string, date: string) => `Evidence pack - ${retailer} - ${date}.pdf`,
} as const;
