/**
 * The threshold settings.
 * The public surface of functions/settings/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { getSettings } from './settings.repo';
