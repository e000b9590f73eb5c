/**
 * The contacts export's build (run by the exports worker).
 * The public surface of functions/contacts-import/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { buildContactsExport } from './contacts-export';
