/**
 * Literal texts of the spec that both sides use (toasts, errors, empty states), declared per
 * resource in shared/messages/<resource>.ts. `MSG` is the texts of every call and of the account
 * screens (its keys kept as before); the post-office and scrapings texts are their own objects.
 */
import { ACCOUNT_MSG } from './messages/accounts';
import { HTTP_MSG } from './messages/http';
import { SETTINGS_MSG } from './messages/post-office';
import { SCRAPING_MSG } from './messages/scrapings';

export { ACCOUNT_MSG } from './messages/accounts';
export { ADDRESS_BOOK_MSG } from './messages/address-book';
export { HTTP_MSG } from './messages/http';
export { FILE_MSG, PO_MSG, SETTINGS_MSG } from './messages/post-office';
export { SCRAPING_MSG } from './messages/scrapings';

export const MSG = {
  ...HTTP_MSG,
  ...ACCOUNT_MSG,
  settingsUpdated: SETTINGS_MSG.settingsUpdated,
  successfullyUpdated: SCRAPING_MSG.successfullyUpdated,
  allBasketsCleared: SCRAPING_MSG.allBasketsCleared,
} as const;
