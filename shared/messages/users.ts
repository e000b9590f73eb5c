/** Literal texts of the Settings tabs My Account and Users (000 §5, §7) and our answers around them. */
import { PASSWORD_MSG } from './accounts';

export const USER_MSG = {
  // 000 §5: the user form, listed together.
  firstnameRequired: 'Firstname is required.',
  lastnameRequired: 'Lastname is required.',
  emailRequired: 'EmailAddress is required.',
  emailInvalid: 'Invalid Email Address',
  roleRequired: 'Please select role.',
  namesFirst: 'Please fill up firstname and lastname first.',
  inviteEmailRequired: 'Please enter Email ID!',
  // 000 §7 toasts.
  userCreated: 'Message created successfully',
  userUpdated: 'User updated successfully',
  settingsUpdated: 'Settings updated.',
  retailersUpdated: 'Successfully updated',
  userDeleted: 'User deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this user permanently?',
  // Ours (not shown in the spec).
  emailTaken: 'An account with this email already exists.',
  /** My Account: a new email waits for its link (issue 36). */
  emailChangeSent: (email: string) => `We have sent a link to ${email}: your email address changes once you open it. Until then, you sign in with your current address.`,
  emailChanged: 'Your email address is changed: sign in with it from now on.',
  emailChangeInvalid: 'This link is not valid: it was already used, it expired, or it is for another account. Sign in with the account that asked for the change, or ask for it again in My Account.',
  currentPasswordRequired: 'Enter your current password to change your email or password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordTooShort: PASSWORD_MSG.tooShort,
  nameRequired: 'Name is required.',
  tooLong: 'Too Long!',
  bccInvalid: 'Invalid BCC Email Address',
  adminRoleRefused: 'The ADMIN role cannot be given from the Users tab.',
  unknownRole: 'Unknown role.',
  ownRole: 'You cannot change your own role.',
  ownDelete: 'You cannot delete your own user.',
  retailerNotOfBrand: 'Only retailers your brand carries (and has switched on) can be assigned.',
  emailLocked: 'The email address of another user cannot be changed here.',
  chooseBrand: 'Choose the brand you act for first.',
  mixedEdit: 'Send either your own account settings or a user edit, not both.',
  notYours: 'You can change only your own account settings.',
  userNotFound: 'User not found.',
  sortNotSupported: 'The users of a brand sort by name only (name;asc or name;desc).',
  changedMeanwhile: 'The user was changed or deleted meanwhile. Reload and try again.',
  someRetailersHidden: 'other retailer(s)',
} as const;

/** The page of an email change's link (issue 36; web/src/features/users/components/confirm-email-change.tsx). */
export const USER_UI = {
  confirmEmailTitle: 'Your new email address',
  confirmEmailWorking: 'Confirming your new email address…',
  confirmEmailBack: 'Back to your settings',
} as const;
