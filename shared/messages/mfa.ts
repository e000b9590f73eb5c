/** Texts of two-step sign-in (issue 26: TOTP and recovery codes; ours, not the spec's). */
export const MFA = {
  /** The authenticator codes: 6 digits, every 30 s; the recovery codes: 10, each `xxxxx-xxxxx`, used once. */
  recoveryCodeCount: 10,
  /** Minutes a password-checked login waits for its second step. */
  challengeMinutes: 5,
  /** Wrong codes one login may try before it must start again with the password. */
  maxCodeTries: 5,
  /** Codes one account may try over all its sign-ins of a throttle window (AUTH.lockMinutes); a right code counts too. */
  maxAccountCodeTries: 20,
  issuer: 'Retailer Audit',
} as const;

export const MFA_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeInvalid: 'This code is not right, or it was already used. Enter the current code from your authenticator app.',
  recoveryInvalid: 'This recovery code is not right, or it was already used.',
  challengeExpired: 'Your sign-in took too long. Enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Enter your email and password again.',
  setupFirst: 'Start the setup first: choose "Set up two-step sign-in" again.',
  alreadyOn: 'Two-step sign-in is already on for your account.',
  notOn: 'Two-step sign-in is not on for your account.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.',
  disabled: 'Two-step sign-in is off.',
  codesRenewed: 'New recovery codes made: the old ones no longer work.',
  /** The login answer when the password was right and a second step is needed. */
  secondStep: 'Enter the code from your authenticator app.',
} as const;
