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
