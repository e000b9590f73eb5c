/** Texts of the brand's case settings (issue 24 §4; ours): the functions' and the web's. */
export const CASE_SETTINGS_MSG = {
  saved: 'Case settings saved.',
  percentInvalid: 'The price tolerance in percent must be a number from 0 to 50, with at most 2 decimals.',
  amountInvalid: 'The price tolerance amount must be a number from 0 to 100000, with at most 2 decimals.',
  overdueInvalid: 'Overdue after must be a whole number of days from 1 to 365.',
  escalationInvalid: 'Escalation must be off, draft or send.',
  revInvalid: 'rev must be a whole number, 0 or more.',
  bodyInvalid: 'Send tolerancePercent, toleranceAmount, overdueDays, escalation and rev.',
  unknownField: (k: string) => `Unknown field: ${k}.`,
  changedMeanwhile: "This brand's case settings were changed meanwhile by someone else. Reload and try again.",
  messageNotFound: "The second notice's message is not one of this brand's active canned messages.",
  brandNotFound: 'Brand not found.',
} as const;

/** The second notice of overdue cases (issue 24 §4): its bounds. */
export const SECOND_NOTICE = { maxCases: 100, maxContacts: 50 } as const;

export const SECOND_NOTICE_MSG = {
  sent: 'Second notice sent.',
  inProgress: 'This second notice is being sent. Wait a moment and reload.',
  nothingOverdue: 'No overdue case: there is nothing to send.',
  noContact: (retailer: string) => `${retailer} has no contact for this brand: add one in the Address Book, then send the second notice.`,
  brandNotFound: 'Brand not found.',
  subject: (brand: string, cases: number) => `Second notice: ${cases} open ${cases === 1 ? 'issue' : 'issues'} with ${brand} products`,
  defaultIntro: (brand: string, retailer: string, days: number) =>
    `<p>Hello,</p><p>More than ${days} days ago ${brand} wrote to ${retailer} about the issues below, and we have not heard back. Please correct them, or tell us through the link below if they are fixed.</p>`,
  linkText: 'See the open cases and answer them',
  linkUntil: (date: string) => `(no account needed; the link works until ${date}).`,
  draftedTitle: (retailer: string, cases: number) => `A second notice to ${retailer} is ready (${cases} overdue ${cases === 1 ? 'case' : 'cases'})`,
  draftedBody: 'These cases were emailed to the retailer and have had no answer since. Review the second notice and send it from the CASES tab.',
  review: (retailer: string) => `Review the second notice to ${retailer}`,
} as const;
