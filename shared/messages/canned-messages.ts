/** Literal texts of the Inbox's canned messages (000 §3, §5, §7; the spec's where it has one). */
export const CANNED_MSG = {
  /** 000 §7 POST /cannedmessages toast. */
  created: 'Message created successfully',
  /** 000 §7 PUT /cannedmessages/{id} toast. */
  updated: 'Message updated successfully',
  /** 000 §5 canned message. */
  nameRequired: 'Name is required.',
  contentRequired: 'Message is required.',
  statusRequired: 'Please select status.',
  /** 000 §5: placeholder insertion outside add/edit mode (the contact form) needs a target address. */
  selectTarget: 'Please select target email address.',
  nameTooLong: (max: number) => `The name is too long (at most ${max} characters).`,
  contentTooLong: (max: number) => `The message is too long (at most ${max.toLocaleString('en-US')} characters).`,
  nameTaken: 'A canned message with this name already exists: choose another name.',
  notFound: 'Canned message not found.',
  /** Two admins editing one message: the second save is refused (docs/decisions.md "Inbox"). */
  stale: 'This message was changed by someone else after you opened it: close it, open it again and redo your changes.',
  versionRequired: 'updatedAt is required: the version of the message you edited.',
  brandRequired: 'brand is required.',
  brandNotFound: 'Brand not found.',
  /** The Inbox's empty table. */
  empty: 'No canned messages yet.',
} as const;
