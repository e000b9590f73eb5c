/** Texts of passkeys (issue 26 step 2: WebAuthn sign-in; ours, not the spec's). */
import { PASSKEY_LOGIN_UI } from './passkey-login';

export { PASSKEY_LOGIN_UI };
export const PASSKEY = {
  /** Passkeys one account may keep. */
  maxPerUser: 10,
  /** Minutes a registration's or a sign-in's challenge waits for the browser's answer. */
  challengeMinutes: 5,
  /** Longest name a user may give a passkey. */
  nameMax: 60,
  /** The relying party's name the browser shows. */
  rpName: 'Retailer Audit',
} as const;

export const PASSKEY_MSG = {
  nameRequired: 'Give the passkey a name, such as the device it is on.',
  nameTooLong: `A passkey's name is at most ${PASSKEY.nameMax} characters.`,
  responseInvalid: "The browser's passkey answer could not be read. Try again.",
  optionsNoInput: 'A passkey sign-in starts with no account named: send an empty request.',
  tooMany: `You already have ${PASSKEY.maxPerUser} passkeys: remove one before adding another.`,
  challengeExpired: 'The passkey request expired or was already used. Try again.',
  registerFailed: 'This passkey could not be checked. Try again, and unlock your device when it asks.',
  alreadyAdded: 'This passkey is already added to an account.',
  added: 'Passkey added. You can now sign in with it instead of your password.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'This passkey is not one of yours (it may already be removed).',
  signInFailed: 'This passkey did not sign you in. Use another passkey, or your email and password.',
} as const;

/** What the security settings' Passkeys section says (My Account, /admin/security). */
export const PASSKEY_UI = {
  title: 'Passkeys',
  text: 'A passkey signs you in with your fingerprint, face or device PIN instead of your password, and counts as your second step. It stays on your device or in your password manager.',
  none: 'You have no passkeys yet.',
  /** A passkey a brand's mandatory single sign-on makes unused (issue 36). */
  inactive: 'Inactive',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  nameHint: 'So you know which one it is, such as "Work laptop" or "My phone".',
  defaultName: 'My passkey',
  create: 'Create passkey',
  creating: 'Waiting for your device…',
  cancel: 'Cancel',
  listLabel: 'Your passkeys',
  created: (date: string) => `Added ${date}`,
  lastUsed: (date: string | null) => (date ? `last used ${date}` : 'not used yet'),
  rename: 'Rename',
  renameLabel: (name: string) => `Rename passkey ${name}`,
  save: 'Save',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removeTitle: 'Remove this passkey?',
  removeText: (name: string) => `"${name}" will no longer sign you in. Remove it from your device or password manager too.`,
  removeConfirm: 'Remove passkey',
  maxReached: `You have the most passkeys an account may keep (${PASSKEY.maxPerUser}).`,
  loading: 'Loading passkeys…',
  loadFailed: 'Your passkeys could not be loaded.',
  retry: 'Try again',
  unsupported: PASSKEY_LOGIN_UI.unsupported,
  cancelled: 'Adding the passkey was cancelled.',
  exists: 'This device already has a passkey for your account.',
} as const;
