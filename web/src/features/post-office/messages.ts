/** The post office's literal texts (001 §2, §7, §8). */
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
