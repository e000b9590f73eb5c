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
  /** An ADMIN without a second factor called anything but its setup (403 SECOND_FACTOR_REQUIRED). */
  adminNeedsFactor: 'An admin account needs two-step sign-in. Set it up before anything else.',
  /** An ADMIN whose factor is a passkey opened this session with the password alone. */
  adminUsePasskey: 'An admin account signs in with its passkey: log out, then choose “Sign in with a passkey”.',
  /** An ADMIN tried to turn off their only second factor. */
  adminKeepsFactor: 'An admin account must keep two-step sign-in: it cannot be turned off.',
  /** The login answer when the password was right and a second step is needed. */
  secondStep: 'Enter the code from your authenticator app.',
} as const;

/** What the web's screens of two-step sign-in say (the login's second step, the security settings). */
export const MFA_UI = {
  title: 'Two-step sign-in',
  // The login's second step.
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'A code of your saved list, like abcde-12345. Each one works once.',
  verify: 'Verify',
  verifying: 'Verifying…',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use your authenticator app instead',
  startAgain: 'Back to email and password',
  // The security settings.
  adminPageTitle: 'Account security',
  adminMenuTitle: 'Your account',
  adminMenuText: 'Protect your own sign-in with an authenticator app or a passkey.',
  offText: 'Two-step sign-in is off. Add an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password): signing in will then ask for a code from it after your password.',
  setUp: 'Set up two-step sign-in',
  scanText: 'Scan this QR code with your authenticator app, or enter the key below by hand. Then enter the 6-digit code the app shows.',
  qrAlt: 'QR code to add Retailer Audit to your authenticator app',
  qrLoading: 'Drawing the QR code…',
  secretLabel: 'Key for manual entry',
  appCodeLabel: 'Code from your app',
  anyCodeLabel: 'Code from your app or a recovery code',
  loading: 'Loading two-step sign-in…',
  confirm: 'Turn on',
  cancel: 'Cancel',
  codesTitle: 'Your recovery codes',
  codesText: 'If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: save them somewhere safe.',
  copy: 'Copy codes',
  copied: 'Recovery codes copied.',
  copyFailed: 'The codes could not be copied: select them or download them instead.',
  download: 'Download .txt',
  saved: 'I have saved my recovery codes',
  done: 'Done',
  onSince: (date: string) => `On since ${date}`,
  codesLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left`,
  codesLow: 'Few recovery codes left: make new ones.',
  renew: 'New recovery codes',
  renewText: 'Enter a code from your authenticator app to make 10 new recovery codes. The old ones stop working.',
  renewSubmit: 'Make new codes',
  turnOff: 'Turn off',
  turnOffText: 'Enter a code from your authenticator app, or a recovery code, to turn two-step sign-in off. Signing in will then ask for your password only.',
  turnOffSubmit: 'Turn off two-step sign-in',
  loadFailed: 'Your two-step sign-in settings could not be loaded.',
  retry: 'Try again',
  /** The recovery codes file's text. */
  codesFile: (email: string, codes: readonly string[]) =>
    `Retailer Audit recovery codes for ${email}\nEach code signs you in once instead of a code from your authenticator app.\n\n${codes.join('\n')}\n`,
} as const;
