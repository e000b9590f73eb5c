/**
 * The login page's passkey button (issue 26 step 2): a module of its own, so the login page (the
 * first page, under a size budget) bundles these words only; shared/messages/passkeys.ts has the rest.
 */
export const PASSKEY_LOGIN_UI = {
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  or: 'or',
  /** The browser cannot make or use passkeys. */
  unsupported: 'This browser cannot use passkeys. Sign in with your email and password.',
  /** The person closed the browser's passkey prompt, or it timed out. */
  cancelled: 'Passkey sign-in was cancelled.',
} as const;

