/** Literal texts of the admin's Manage Users screen (001 §2, §5, §7, §8) and our answers around them. */
import { PASSWORD_MSG } from './accounts';

export const ADMIN_USERS_MSG = {
  // 001 §5: the add-user form.
  nameRequired: 'User Name Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  emailInvalid: 'Please enter valid email',
  emailRequired: 'Email Required',
  passwordRequired: PASSWORD_MSG.required,
  brandRequired: 'Brand is required',
  roleRequired: 'Role is required',
  // 001 §7, §8: the toast of a user added.
  userAdded: 'User added successfully.',
  // Ours (not shown in the spec).
  /** The one password rule's (shared/schemas/password.ts). */
  passwordTooShort: PASSWORD_MSG.tooShort,
  oneRole: 'Pick exactly one role.',
  brandUnknown: 'The brand does not exist.',
  adminRetailers: 'A site ADMIN sees every retailer: assign none.',
  sortUnknown: 'Users sort by name, email or brand (e.g. name;asc, brand;desc).',
  tooManyMatches: 'More than 1,000 users match this search: type more of the name, email or brand.',
  title: 'Manage Users',
  addUsers: 'Add Users',
  empty: 'No users found.',
  emptySearch: 'No user name, email or brand starts with this search.',
} as const;
