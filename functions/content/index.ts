/**
 * The content checks (issue 38): what starts them and what the brand rows read of them.
 * The public surface of functions/content/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { checkPeriodAgain, recheckBrand, startChecksOfFile } from './start';
