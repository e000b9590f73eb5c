/**
 * Retailer prices read with their currency (issue 38): the content checks compare a shown price
 * with the catalogue's MSRP of the retailer's market, so a price is an amount AND an ISO 4217
 * currency (functions/files/domain/period-apply.ts parsePrice keeps only the number). Pure.
 *
 * A price is one number with at most one currency beside it (before or after): a symbol (€, £, ¥,
 * ₩, $ and its prefixed forms such as US$ or HK$) or an ISO code (CHF, EUR…). The decimal mark is
 * the last '.' or ',' when 1-2 digits follow it and it occurs once; otherwise every '.', ',', "'"
 * or space groups thousands (groups of three digits), so '1.450' and '1,450' are 1450 and
 * '1.2.3,4,5' is no price.
 */
import { isCurrencyCode } from './markets';

/** Whether `code` is an ISO 4217 currency, as written (upper case, as a Market holds it): the runtime's ICU list (shared/markets.ts). */
export const isCurrency = isCurrencyCode;

/** The currencies written with a bare '$': a '$' price takes the fallback currency when it is one of them. */
export const DOLLAR_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN']);

/** A currency symbol → its ISO code ('$' and '¥' are shared: the fallback decides, see SHARED). Longer symbols first. */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', 'USD'], ['CA$', 'CAD'], ['AU$', 'AUD'], ['NZ$', 'NZD'], ['HK$', 'HKD'], ['SG$', 'SGD'], ['NT$', 'TWD'], ['MX$', 'MXN'],
  ['C$', 'CAD'], ['A$', 'AUD'], ['S$', 'SGD'], ['R$', 'BRL'],
  ['$', '$'], ['€', 'EUR'], ['£', 'GBP'], ['¥', '¥'], ['￥', '¥'], ['₩', 'KRW'], ['₹', 'INR'], ['₽', 'RUB'], ['₺', 'TRY'], ['₪', 'ILS'], ['฿', 'THB'],
];

/** A symbol several currencies write: the fallback when it is one of them, else the first. */
const SHARED: Readonly<Record<string, readonly string[]>> = { $: ['USD', ...DOLLAR_CURRENCIES], '¥': ['JPY', 'CNY'] };

export interface Money {
  amount: number;
  currency: string;
}

/** The currency a leading or trailing token names: [ISO code, or a SHARED symbol, and its length], or null. */
function currencyAt(s: string, end: boolean): [string, number] | null {
  for (const [symbol, code] of SYMBOLS) {
    if (end ? s.endsWith(symbol) : s.startsWith(symbol)) return [code, symbol.length];
  }
  const m = end ? /(?:^|[^A-Za-z])([A-Za-z]{3})$/.exec(s) : /^([A-Za-z]{3})(?![A-Za-z])/.exec(s);
  const code = m?.[1]?.toUpperCase();
  return code !== undefined && isCurrency(code) ? [code, 3] : null;
}

/** '1 450,00', "1'450", '145,000', '12,5' → the number; null when the digits are not one well-grouped number. */
function parseAmount(raw: string): number | null {
  // Swiss round prices: '1'450.–' / '1450,-' have no cents.
  const s = raw.replace(/[.,][-–—]$/, '');
  if (!/^\d[\d.,' ’\u00a0\u202f\u2009]*$/.test(s) || !/\d$/.test(s)) return null;
  let integer = s;
  let fraction = '';
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (last !== -1) {
    const mark = s[last]!;
    const after = s.slice(last + 1);
    if (/^\d{1,2}$/.test(after) && s.indexOf(mark) === last) {
      integer = s.slice(0, last);
      fraction = after;
    }
  }
  const groups = integer.split(/[.,' ’\u00a0\u202f\u2009]/);
  if (groups.length > 1) {
    const separators = new Set(integer.replace(/\d/g, '').replace(/[\u00a0\u202f\u2009]/g, ' '));
    if (separators.size !== 1 || !/^\d{1,3}$/.test(groups[0]!) || !groups.slice(1).every((g) => /^\d{3}$/.test(g))) return null;
    if (fraction !== '' && separators.has(s[last]!)) return null;
  }
  const amount = Number(`${groups.join('')}.${fraction || '0'}`);
  return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : null;
}

/**
 * A retailer's price text → its amount and ISO currency; null when it is not a price. A '$' is
 * the fallback currency when that is a dollar currency, else USD (a '¥' is CNY when that is the
 * fallback, else JPY); a bare number takes the fallback ('' when none).
 */
export function parseMoney(text: string, fallbackCurrency = ''): Money | null {
  const fallback = fallbackCurrency.trim().toUpperCase();
  let s = text.trim();
  const before = currencyAt(s, false);
  if (before) s = s.slice(before[1]).trim();
  const after = currencyAt(s, true);
  if (after) s = s.slice(0, s.length - after[1]).trim();
  const amount = parseAmount(s);
  if (amount === null) return null;
  const tokens = [before?.[0], after?.[0]].filter((t) => t !== undefined);
  if (tokens.length === 0) return { amount, currency: fallback };
  // '$1,450 CAD' names one currency twice (the code says which dollar); '€1450 GBP' is no price.
  const codes = tokens.filter((t) => SHARED[t] === undefined);
  if (new Set(codes).size > 1) return null;
  const code = codes[0];
  const symbols = tokens.filter((t) => SHARED[t] !== undefined);
  if (code !== undefined) return symbols.every((t) => SHARED[t]!.includes(code)) ? { amount, currency: code } : null;
  if (new Set(symbols).size > 1) return null;
  const shared = SHARED[symbols[0]!]!;
  return { amount, currency: shared.includes(fallback) ? fallback : shared[0]! };
}

/** { amount: 1450, currency: 'EUR' } → '1450.00 EUR' (the form a Finding shows a price in). */
export function formatMoney(m: Money): string {
  const amount = m.amount.toFixed(2);
  return m.currency === '' ? amount : `${amount} ${m.currency}`;
}
