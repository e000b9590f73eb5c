/** Literal texts of the contact form, the contact call and the canned messages (000 §2, §5, §7; the spec's where it has one). */
export const CONTACT_MSG = {
  /** 000 §7 POST /contact_retailer toast. */
  sent: 'Email Sent Successfully.',
  /** 000 §5 email send. */
  noTarget: 'Please enter first target email address.',
  noMessage: 'Please enter message.',
  /** 000 §5 placeholder insertion without a target address. */
  selectTarget: 'Please select target email address.',
  /** 000 §2: an empty To list. */
  noContacts: 'No contacts for this retailer yet: add contacts in the address book on the CONTACT tab of the retailer profile.',
  subjectRequired: 'Please enter subject.',
  subjectTooLong: 'The subject is too long (at most 200 characters).',
  headerInjection: 'Line breaks are not allowed in the subject or the name.',
  nameTooLong: 'The name is too long (at most 100 characters).',
  messageTooLong: 'The message is too long.',
  notAContact: (email: string) => `${email} is not a contact of this retailer: add it in the address book first.`,
  notCopyable: (email: string, field: 'CC' | 'BCC') =>
    `${email} cannot be added to ${field}: copy your brand's users, addresses at your brand's own domain or this retailer's contacts (add others in the address book first).`,
  invalidAddress: (email: string) => `${email} is not a valid email address.`,
  tooManyRecipients: (max: number) => `At most ${max} recipients per email.`,
  tooManyFiles: (max: number) => `At most ${max} attachments per email.`,
  fileTooLarge: (name: string, mb: number) => `${name} is too large: each attachment must be at most ${mb} MB.`,
  filesTooLarge: (mb: number) => `The attachments are too large: at most ${mb} MB in all.`,
  notAnImage: (name: string) => `${name} is not an image: only PNG, JPEG, GIF and WebP images can be attached.`,
  /** Attachments go to S3 first (POST /contact_retailer/attachments); the email names them (issue 22). */
  uploadFirst: 'Attach images by uploading them first (POST /contact_retailer/attachments); the email names them in attachment[].',
  attachmentMissing: (name: string) => `${name} was not uploaded, or its upload has expired: attach it again.`,
  attachmentNotYours: 'An attachment is not one of your uploads for this brand.',
  uploadFailed: (name: string) => `${name} could not be uploaded: try again.`,
  productsRequired: 'Choose at least one product.',
  productNotInScan: (id: string) => `Product ${id} is not a product of this retailer scan.`,
  scanNotFound: 'Retailer scan not found.',
  retailerMismatch: 'The retailer does not match the retailer scan.',
  noBrandContact: 'The brand has no contact address: it cannot send emails yet.',
  inProgress: 'This email is already being sent.',
  throttled: (max: number) => `You have sent ${max} emails in the last hour: please wait before sending more.`,
  requestIdRequired: 'requestId is required.',
} as const;
