/**
 * Markets (issue 38 §1): a country (ISO 3166-1 alpha-2) and a currency (ISO 4217), checked against
 * the runtime's own ICU data (Intl) rather than a list kept by hand: the same answer in the
 * browser and in the Lambda, and a code the world adds is known when the runtime is.
 */

/** Region codes ICU names that are no country (groups, reserved or private-use codes). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ', 'UK']);

let regions: Intl.DisplayNames | undefined;
let currencies: Set<string> | undefined;

/** 'FR' yes; 'fr', 'XX', 'EU', 'UK' (GB is the code) no. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const name = regions.of(code);
  return !!name && name !== code && name !== 'Unknown Region';
}

/** 'EUR' yes; 'eur', 'EUX', 'XXX' no: the ISO 4217 currencies the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** 'FR · EUR' */
export const marketLabel = (m: { country: string; currency: string }) => `${m.country} · ${m.currency}`;
