/**
 * The roles.
 * The public surface of functions/roles/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { listRoles } from './roles.repo';
