/**
 * The email history (the address book shows it) and the image-type check of attachments.
 * The public surface of functions/contact/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { imageTypeOf } from './domain/attachments';
export { countEmailHistory, pageEmailHistory, type EmailHistoryRecord } from './email-history.repo';
export { activeCannedMessageOf } from './canned-messages.repo';
export { escalateBrand, type EscalationResult } from './second-notice';
export { escalatingBrandIds } from './escalating-brands';
