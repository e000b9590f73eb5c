/**
 * B2B portal links and sessions.
 * The public surface of functions/b2b/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { portalPrincipal } from './portal-auth';
export { caseLinkOf, issueCaseLink, listCaseLinks, revokeCaseLink, type CaseLinkState } from './case-links';
