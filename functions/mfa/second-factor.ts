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

/**
 * How an ADMIN's session stands (issue 26): `open`; `setup` (no second factor yet: only its
 * setup, to add an authenticator app or a passkey, and logging out); or `passkey` (its only factor
 * is a passkey and this session was opened with the password alone: only logging out, and signing
 * in again with the passkey; adding another factor from such a session would let a stolen password
 * in). A TOTP user's every password sign-in asks the code, so TOTP on means `open`.
 */
export function adminHold(user: object, sessionMfa: boolean): 'open' | 'setup' | 'passkey' {
  const u = user as SecondFactorFields;
  if (u.totp) return 'open';
  if ((u.passkeyCount ?? 0) > 0) return sessionMfa ? 'open' : 'passkey';
  return 'setup';
}
