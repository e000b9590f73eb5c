/** Literal texts of the spec that both sides use (toasts, errors, empty states). */
export const MSG = {
  genericError: 'Something went wrong, please try again!',
  blankResponse: 'Oops, blank response!',
  loggedOut: 'You have been logged out.',
  sessionExpired: 'Error: Session expired, please login again!',
  linkExpired: 'Your Session has been expired',
  checkEmail: 'Please check your Email to reset your Password',
  passwordReset: 'Your Password has been Successfully reset',
  loginFailed: 'Invalid email or password.',
  accountLocked: 'Too many failed logins. Try again in a few minutes.',
  unauthorized: 'Please login to continue.',
  forbidden: 'You do not have access to this resource.',
  notFound: 'Not found.',
  emailTaken: 'An account with this email already exists.',
  registered: 'Your account has been created. Please check your email to activate it.',
  brandNameTaken: 'A brand with this name already exists. If it is your company, ask its administrator for an account.',
  tooManyRequests: 'Too many requests. Try again in a few minutes.',
  userUpdated: 'User updated successfully',
  settingsUpdated: 'Settings updated.',
  successfullyUpdated: 'Successfully updated',
  allBasketsCleared: 'All Baskets Cleared',
  bodyTooLarge: 'The request body is too large (at most 256 KB).',
  invalidJson: 'Invalid JSON body.',
  malformedUrl: 'The address is malformed (bad %-encoding).',
  reservedJsonKey: 'Keys named __proto__, constructor or prototype are not allowed.',
} as const;

/** Post-office answers when Approve and Needs Attention meet (one file, one outcome). */
export const FILE_MSG = {
  beingApproved: 'The file is being approved.',
  alreadyApproved: 'The file is already approved.',
  markedNeedsAttention: 'The file was marked Needs Attention.',
  unreadable: 'The file could not be read; it cannot be approved.',
  badScanDate: (date: string) => `The scan date ${date} is not a real date (YYYY-MM-DD).`,
  futureScanDate: (date: string) => `The scan date ${date} is in the future.`,
  oldScanDate: (date: string) => `The scan date ${date} is before 2000.`,
} as const;
