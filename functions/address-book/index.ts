/**
 * The address book's contacts, as the contact form and the contacts import read and write them.
 * The public surface of functions/address-book/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { conflicted, contactCountUpdates, countContacts, findRetailerContacts, pageBrandContacts, pageRetailerContacts, PUT_CONTACTS_BATCH, putImportedContacts, type NewContact } from './contacts.repo';
