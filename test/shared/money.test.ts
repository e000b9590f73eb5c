import { describe, expect, it } from 'vitest';
import { formatMoney, isCurrency, parseMoney } from '../../shared/money';

describe('parseMoney: a retailer price with its currency', () => {
  it('reads a European price with the euro after it', () => {
    expect(parseMoney('1 450,00 €')).toEqual({ amount: 1450, currency: 'EUR' });
    expect(parseMoney('1\u00a0450,00\u00a0€')).toEqual({ amount: 1450, currency: 'EUR' });
  });
  it('reads a euro price with the sign before it and dots grouping thousands', () => {
    expect(parseMoney('€1.450,00')).toEqual({ amount: 1450, currency: 'EUR' });
  });
  it('reads a dollar price as the market’s dollar, else USD', () => {
    expect(parseMoney('$1,450.00')).toEqual({ amount: 1450, currency: 'USD' });
    expect(parseMoney('$1,450.00', 'CAD')).toEqual({ amount: 1450, currency: 'CAD' });
    expect(parseMoney('$1,450.00', 'hkd')).toEqual({ amount: 1450, currency: 'HKD' });
    expect(parseMoney('$1,450.00', 'EUR')).toEqual({ amount: 1450, currency: 'USD' });
    expect(parseMoney('HK$12,800')).toEqual({ amount: 12800, currency: 'HKD' });
    expect(parseMoney('$1,450 CAD', 'USD')).toEqual({ amount: 1450, currency: 'CAD' });
  });
  it('reads an ISO code after the number', () => {
    expect(parseMoney('1450 EUR')).toEqual({ amount: 1450, currency: 'EUR' });
    expect(parseMoney('1450 eur')).toEqual({ amount: 1450, currency: 'EUR' });
  });
  it("reads a Swiss price with apostrophes and '.–' for no cents", () => {
    expect(parseMoney("CHF 1'450.–")).toEqual({ amount: 1450, currency: 'CHF' });
    expect(parseMoney('CHF 1’450.50')).toEqual({ amount: 1450.5, currency: 'CHF' });
  });
  it('reads pounds, yen and won', () => {
    expect(parseMoney('£1,200')).toEqual({ amount: 1200, currency: 'GBP' });
    expect(parseMoney('¥145,000')).toEqual({ amount: 145000, currency: 'JPY' });
    expect(parseMoney('¥9,800', 'CNY')).toEqual({ amount: 9800, currency: 'CNY' });
    expect(parseMoney('₩1,950,000')).toEqual({ amount: 1950000, currency: 'KRW' });
  });
  it('reads a lone separator before three digits as thousands', () => {
    expect(parseMoney('1.450', 'EUR')).toEqual({ amount: 1450, currency: 'EUR' });
    expect(parseMoney('1,450', 'USD')).toEqual({ amount: 1450, currency: 'USD' });
  });
  it('reads a separator before one or two digits as the decimal mark', () => {
    expect(parseMoney('12,5', 'EUR')).toEqual({ amount: 12.5, currency: 'EUR' });
    expect(parseMoney('1450.99')).toEqual({ amount: 1450.99, currency: '' });
  });
  it("gives a bare number the fallback currency, '' when none", () => {
    expect(parseMoney('1450', 'GBP')).toEqual({ amount: 1450, currency: 'GBP' });
    expect(parseMoney('1450')).toEqual({ amount: 1450, currency: '' });
  });
  it('is null for what is not one price', () => {
    for (const garbage of ['abc', '', '   ', '1.2.3,4,5', 'EUR', '€', 'Price on request', '1,45,0', '€1450 GBP', '12 34', '1.450.00'])
      expect(parseMoney(garbage, 'EUR'), garbage).toBeNull();
  });
});

describe('isCurrency and formatMoney', () => {
  it('knows the common ISO 4217 codes, in upper case', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('KRW')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });
  it('writes an amount with two decimals and its code', () => {
    expect(formatMoney({ amount: 1450, currency: 'EUR' })).toBe('1450.00 EUR');
    expect(formatMoney({ amount: 12.5, currency: 'CHF' })).toBe('12.50 CHF');
    expect(formatMoney({ amount: 99, currency: '' })).toBe('99.00');
  });
});
