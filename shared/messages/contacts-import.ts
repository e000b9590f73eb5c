/** Literal texts of Settings → Contacts (000 §2, §5, §7, §8): the spec's where it has one. */
export const CONTACTS_IO_MSG = {
  /** 000 §7 POST /addressBook/import toasts: every row imported / the file stored with rows refused (docs/decisions.md "Contacts import and export"). */
  imported: 'Contact imported successfully.',
  uploaded: 'File uploaded successfully.',
  /** 000 §7 GET /addressBook/export toast. */
  downloaded: 'File downloaded successfully.',
  /** 000 §5, §8 alerts. */
  selectFile: 'Please select file.',
  selectAllFields: 'Please select all fields',
  importFiles: 'Please import files',
  /** 000 §8 empty states of Import/Export History. */
  noDownloads: 'No Files Downloaded',
  noUploads: 'No Files Uploaded',
  /** The Completed modal (000 §2). */
  completedTitle: 'Completed',
  completedText: 'Your file was uploaded. The contacts are on the Contact tab of each retailer profile.',
  // Ours: the file checks.
  fileRequired: 'Please select file.',
  fileTooLarge: (mb: number) => `The file is too large: at most ${mb} MB.`,
  fileType: 'Only .csv and .xlsx files can be imported.',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} contacts: split it into several files.`,
  zipTooLarge: 'This Excel file expands to too much data to be read.',
  badXlsx: 'This Excel file could not be read.',
  badCsv: 'This CSV file could not be read.',
  noHeaders: 'The file has no header row.',
  tooManyColumns: 'The file has too many columns.',
  noRows: 'The file has no contacts under its header row.',
  rulesInvalid: 'The column rules are not valid.',
  unknownColumn: (c: string) => `The file has no column "${c}".`,
  flagInvalid: 'flag must be ignore or update.',
  importRunning: 'This import is already running.',
  brandRequired: 'brand is required.',
  fileNotFound: 'File not found.',
  fileExpired: 'This file has expired.',
  restricted: 'Only accounts that see every retailer of the brand can export its contacts.',
  // Reasons of a refused row (the rejected-rows file).
  storeUnknown: (name: string) => `Store Name "${name}" is not a retailer of the brand.`,
  storeOff: (name: string) => `Store Name "${name}" is switched off for the brand.`,
  storeAmbiguous: (name: string) => `Store Name "${name}" names more than one retailer of the brand.`,
  storeRequired: 'Store Name is required.',
  duplicateRow: (row: number) => `Same Email Address and Store Name as row ${row}.`,
} as const;
