/** Literal texts of the auth, account and user calls (000 §5, §7). */
export const ACCOUNT_MSG = {
  loggedOut: 'You have been logged out.',
  linkExpired: 'Your Session has been expired',
  checkEmail: 'Please check your Email to reset your Password',
  passwordReset: 'Your Password has been Successfully reset',
  loginFailed: 'Invalid email or password.',
  accountLocked: 'Too many failed logins. Try again in a few minutes.',
  /** POST /login's 429 `CAPTCHA_REQUIRED` (issue 36): many failed logins on the account from browsers it does not know. */
  loginCaptchaRequired: 'Too many failed logins on this account from other browsers. Answer the captcha to log in.',
  notActivated: 'Please activate your account from the email we sent you.',
  emailTaken: 'An account with this email already exists.',
  registered: 'Your account has been created. Please check your email to activate it.',
  brandNameTaken: 'A brand with this name already exists. If it is your company, ask its administrator for an account.',
  userUpdated: 'User updated successfully',
  userNotFound: 'User not found.',
  termsAccepted: 'Terms accepted.',
  /** A brand-data call of a user who has not accepted the terms (403 `TERMS_NOT_ACCEPTED`): the web opens /privacypolicy. */
  termsNotAccepted: 'Please accept the Terms & Conditions to continue.',
  /** POST /logout/all ('Log out of all devices', Settings › My Account). */
  loggedOutEverywhere: 'You have been logged out of all devices.',
} as const;

/** The one password rule's messages (shared/schemas/password.ts): the spec's (000 §5 registration, 001 §5 Add User: 'Password Required' for its empty field). */
export const PASSWORD_MSG = {
  required: 'Password Required',
  tooShort: 'You must enter a password of at least 6 characters.',
  tooLong: 'Too Long!',
  /** A password with a control character (NUL, a tab, a line break, any C0 or C1 control; issue 36). */
  controlCharacters: 'A password cannot contain control characters such as a tab or a line break: use letters, digits, spaces and punctuation.',
  /** A password of the most common passwords' list (issue 36; functions/lib/common-passwords.ts). */
  tooCommon: 'This password is one of the most common passwords and easy to guess: choose another one (a few words of your own make a good passphrase).',
} as const;
