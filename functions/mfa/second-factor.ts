/**
 * Whether a user has a second factor (issue 26): an authenticator app (TOTP) on, or a passkey. A light module of
 * its own, with no import: every request's authentication reads it (an ADMIN without one may only
 * set one up), and it must not load the TOTP code or its crypto into every function.
 */
export interface SecondFactorFields {
  totp?: unknown;
  /** The user's passkeys (functions/passkeys keeps the count on the user's item). */
  passkeyCount?: number;
}

/** `user`: a user's item as read (its second factor's fields are kept on it by ./mfa.repo.ts). */
export const hasSecondFactor = (user: object): boolean => !!(user as SecondFactorFields).totp || ((user as SecondFactorFields).passkeyCount ?? 0) > 0;
