/**
 * Passkeys (issue 26 step 2). The public surface of functions/passkeys/ (issue 23): other features
 * import only this file, never its other files (lint). Re-exports only, by name.
 */
export { forgetPasskeys } from './passkeys.repo';
