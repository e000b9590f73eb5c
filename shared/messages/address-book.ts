/** Literal texts of the Address Book and EMAIL HISTORY (000 §2, §5, §7, §8): the spec's where it has one. */
export const ADDRESS_BOOK_MSG = {
  /** 000 §7 POST /addressBooks toast. */
  contactAdded: 'Contact added successfully.',
  /** 000 §7 DELETE /addressBooks/{id} toast. */
  contactDeleted: 'Contact deleted successfully.',
  /** 000 §8 empty state of the Address Book. */
  noContacts: 'Contact(s) not found.',
  /** 000 §2 empty state of EMAIL HISTORY. */
  noEmailHistory: 'Email history(s) not found.',
  /** 000 §5 "Contact add: first name, last name, email (format), role all required" (wording of the register form's texts). */
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  /** 000 §5 user form's email text. */
  emailInvalid: 'Invalid Email Address',
  roleRequired: 'Role is required.',
  tooLong: 'Too Long!',
  retailerRequired: 'retailer is required.',
  brandRequired: 'brand is required.',
  duplicate: 'A contact with this email address already exists for this retailer.',
  contactNotFound: 'Contact not found.',
  retailerNotFound: 'Retailer not found.',
  scanInfoNotFound: 'Retailer scan info not found.',
  deleteQuestion: 'Are you sure you want to delete this contact?',
} as const;
