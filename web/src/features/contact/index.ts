/** What other features may use of `contact`: the contact-retailer form and modal (001 §4: any screen that opens it, e.g. a flag, the retailer page). */
export { ContactRetailerForm, type ContactRetailerFormProps } from './components/contact-form';
export { ContactRetailerModal, type ContactRetailerModalProps } from './components/contact-retailer-modal';
