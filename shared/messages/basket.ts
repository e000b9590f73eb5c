/** Literal texts of the basket (001 §4, §5, §8; 000 §2 side menu), the spec's where it has one. */
export const BASKET_MSG = {
  added: 'Product Added!',
  alreadyAdded: 'Already Added!',
  removed: 'Product Removed !',
  /** 001 §4 and §8 spell it so. */
  cleared: 'Baket cleared',
  allCleared: 'All Baskets Cleared',
  empty: 'No Products.',
  count: (n: number) => `${n} Items In Basket`,
  bulkEmptyTitle: 'Error',
  bulkEmpty: 'Add atleast one product.',
  invalidSerial: (serialNo: string) => `SerialNo: ${serialNo} | Invalid Serial No.`,
  notInBasket: 'That product is not in the basket.',
  full: (cap: number) => `A basket holds at most ${cap.toLocaleString('en-US')} items: remove some or export and clear it first.`,
  brandRequired: 'brand is required.',
  retailerNotFound: 'Retailer not found.',
  jobNotFound: 'Export not found.',
  exportEmpty: 'The basket is empty: add products before exporting.',
  exportFailed: 'The basket export failed. Try again.',
  exportsRunning: (n: number) => `You already have ${n} basket exports being prepared: wait for one to finish, then export again.`,
} as const;

/** At most this many basket exports of one owner being prepared at once (each fetches images for minutes). */
export const BASKET_EXPORTS_RUNNING_MAX = 3;
/** A slot older than this is a worker that died without giving it back (3 tries of 15 minutes and the delays between). */
export const BASKET_EXPORT_SLOT_STALE_MS = 60 * 60_000;

/** At most this many items in one basket (a clear message beyond). */
export const BASKET_CAP = 5000;
/** Serials per add call (the web sends a longer bulk import in parts of this size). */
export const BASKET_ADD_MAX = 200;
