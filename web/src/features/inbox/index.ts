/** What other features may use of `inbox`: the email variables a message may use and the canned messages' cache key (the contact form). */
export { useEmailVariables } from './api/get-variables';
export { CANNED_MESSAGES_KEY } from './api/get-canned-messages';
