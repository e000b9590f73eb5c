/**
 * The OH basket (001 §3: items per retailer, keyed by customerId and serialNo). It lives in the
 * browser for now, one per user; the basket screens come with the on-hand issue.
 */
export interface BasketItem {
  customerId: string;
  serialNo: string;
}

export type Baskets = Record<string, BasketItem[]>;

const keyFor = (userId: string) => `basket:${userId}`;

/** Empties every retailer's basket of this user. */
export function clearAllBaskets(userId: string): void {
  try {
    window.localStorage.removeItem(keyFor(userId));
  } catch {
    /* storage disabled: nothing stored */
  }
}
