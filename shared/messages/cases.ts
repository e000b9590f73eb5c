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
