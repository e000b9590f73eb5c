/** Texts of the case calls (issue 24; ours, not the spec's): the functions' and the web's. */
export const CASE_MSG = {
  notFound: 'Case not found.',
  resolved: 'Case resolved.',
  alreadyResolved: 'This case is already resolved.',
  reasonRequired: 'Say why the case is dismissed.',
  noCases: 'No open cases.',
  noActivity: 'No activity yet.',
} as const;
