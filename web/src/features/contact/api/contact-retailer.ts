/**
 * The contact feature's public surface for other features (lint lets a feature import another's
 * api/ files only): the contact form, for a flag modal's CONTACT RETAILER tab, and the modal, for
 * any screen that opens it with a prefilled subject or message (e.g. the basket export's links).
 */
export { ContactRetailerForm, type ContactRetailerFormProps } from '../components/contact-form';
export { ContactRetailerModal, type ContactRetailerModalProps } from '../components/contact-retailer-modal';
