/** Literal texts of the post office: robot files, their settings and notifications (001 §2, §7, §8). */

/** What the post-office screens and calls say (the spec's texts). */
export const PO_MSG = {
  processed: 'File processed successfully!',
  notProcessed: 'File not processed!',
  rejected: 'Approved Status Rejected.',
  noFiles: 'No files remains for comparision.',
  noCurrentRows: 'No product(s) found.',
  noPreviousRows: 'No product(s) from previous file.',
  nothingToCompare: 'No product(s) found for comparison.',
  loading: 'Loading, please wait. It may take longer.',
  noSamePeriod: 'No Same period files exist',
} as const;

/** Post-office answers when Approve and Needs Attention meet (one file, one outcome), and scan-date refusals. */
export const FILE_MSG = {
  fileNotFound: 'File not found.',
  processing: 'The file is being processed; its status will change when it is done.',
  beingApproved: 'The file is being approved.',
  alreadyApproved: 'The file is already approved.',
  markedNeedsAttention: 'The file was marked Needs Attention.',
  unreadable: 'The file could not be read; it cannot be approved.',
  badScanDate: (date: string) => `The scan date ${date} is not a real date (YYYY-MM-DD).`,
  futureScanDate: (date: string) => `The scan date ${date} is in the future.`,
  oldScanDate: (date: string) => `The scan date ${date} is before 2000.`,
  /** GET /getFileData of a file whose comparison pages the data bucket deleted (robot files are kept 6 months: docs/decisions.md "Retention"). */
  rowsDeleted: 'The rows of this file were deleted: robot files are kept for 6 months.',
  /** Approve of a pending file older than that: its rows are gone, nothing can be staged (the file stays pending). */
  rowsDeletedApprove: 'The rows of this file were deleted: robot files are kept for 6 months, so it can no longer be approved.',
} as const;

/** The settings and notifications calls. */
export const SETTINGS_MSG = {
  settingsUpdated: 'Settings updated.',
  settingsConflict: 'The settings were changed by someone else since you opened them: reload the page and save again.',
  notificationNotFound: 'Notification not found.',
} as const;
