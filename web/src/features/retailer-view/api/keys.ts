/** One SWR key prefix for every read of the retailer view (retailer, periods, products, history, SKUs). */
import { mutate } from 'swr';

export const RETAILER_VIEW_KEY = 'retailer-view';

/** After an edit: reload the product reads (tabs, product, history); the retailer and periods stay. */
export function revalidateProducts(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === RETAILER_VIEW_KEY && ['products', 'product', 'history'].includes(String(key[1])));
}
