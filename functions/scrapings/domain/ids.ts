/**
 * Deterministic ids: the same brand, retailer and date (and style number) always give the same
 * id, so applying a file twice writes the same items instead of new ones (idempotent retries).
 * Every id is 22 characters of base64url (128 bits of SHA-256), within the API's id pattern.
 */
import { createHash } from 'node:crypto';

export const ID_LENGTH = 22;

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, ID_LENGTH);
}

/** A scan period (RetailerBrandScraping) of one brand at one retailer on one date. */
export const periodIdOf = (brand: string, retailer: string, date: string): string => digest('period', brand, retailer, date);

/** The retailer scan info of one brand at one retailer. */
export const scanInfoIdOf = (brand: string, retailer: string): string => digest('scaninfo', brand, retailer);

/** The second half of a product id: its style number within its period. */
export const productKeyOf = (periodId: string, styleNumber: string): string => digest('product', periodId, styleNumber);

/** A product scrape: `<period id><product key>` (44 characters), so its period is in its id. */
export const productIdOf = (periodId: string, styleNumber: string): string => periodId + productKeyOf(periodId, styleNumber);

/** The period id and product key of a product id; undefined when it cannot be one. */
export function splitProductId(id: string): { periodId: string; productKey: string } | undefined {
  if (id.length !== ID_LENGTH * 2 || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
  return { periodId: id.slice(0, ID_LENGTH), productKey: id.slice(ID_LENGTH) };
}
