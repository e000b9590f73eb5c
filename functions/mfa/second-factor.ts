/**
 * Whether a user has a second factor (issue 26): an authenticator app (TOTP) on. A light module of
 * its own, with no import: every request's authentication reads it (an ADMIN without one may only
 * set one up), and it must not load the TOTP code or its crypto into every function.
 */
export interface SecondFactorFields {
  totp?: unknown;
}

/** `user`: a user's item as read (its second factor's fields are kept on it by ./mfa.repo.ts). */
export const hasSecondFactor = (user: object): boolean => !!(user as SecondFactorFields).totp;
