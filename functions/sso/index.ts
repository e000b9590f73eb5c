/**
 * Single sign-on per brand (issue 26 step 3).
 * The public surface of functions/sso/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { mandatorySso, heldBySso, passwordRefusal, ssoForEmail, ssoHolding } from './domains';

export { brandAdminsOf, brandsWithSso, lostDomainsEmail, recheckBrandDomains, type SsoDomainsResult } from './recheck';
