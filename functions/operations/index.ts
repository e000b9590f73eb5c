/**
 * Resolving a recorded failure.
 * The public surface of functions/operations/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { s3Subject } from './domain/failures';
export { resolveFailure } from './failures.repo';
