/**
 * Account links and the request throttles (per address, per user's password checks, emails and forms).
 * The public surface of functions/auth/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { createEmailChangeLink, createLink } from './links';
export { takeEmailChange } from './tokens.repo';
export { removeUnprovenRegistration, unprovenRegistration } from './registration.repo';
export { currentPasswordChecked, limitAddress, requestTime, reserveCurrentPasswordCheck, sourceIp } from './throttle';
export { takeCaseLinkAnswer, takeEmailSend, takeFormRequest, takeMfaTry, type Window } from './throttle.repo';
export { sessionAnswer } from './session-answer';
export { cookieValues, deviceCookie } from './device-cookie';
