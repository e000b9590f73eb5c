/**
 * A case's lifecycle (functions/cases/domain/case.ts): opened by a flag, notified by an email,
 * resolved by an unflag or a resolution, reopened as a repeat; the severity from the price gap;
 * one case per brand, retailer and subject; nothing written when nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { caseIdOf, emailedStep, flagStep, priceGap, resolveStep, severityOf, type FlagInput } from '../../../functions/cases/domain/case';

const by = { id: 'u1', name: 'Ada' };
const input = (over: Partial<FlagInput> = {}): FlagInput => ({
  brand: 'b1',
  retailer: 'r1',
  kind: 'product',
  style_number: 'ST-1',
  name: 'Ring',
  productId: 'p1',
  at: '2026-11-02T10:00:00.000Z',
  by,
  evidence: {
    scanDate: '2026-11-02',
    periodId: 'per1',
    reasons: [{ name: 'Price', value: 'Wrong price' }],
    message: 'Below the list price',
    scraped: { name: 'Ring', style_number: 'ST-1', price: 800, URL: 'https://r1.example/ring', image: 'i.jpg', screenshot: 's.png', brand_sku: 'SKU1' },
    onHand: { serialNo: 'S1', styleName: 'Ring', price: 1000 },
    gap: priceGap(800, 1000),
  },
  ...over,
});

describe('case lifecycle', () => {
  it('one id per brand, retailer and subject; a look-alike subject is another case', () => {
    expect(caseIdOf('b1', 'r1', 'ST-1')).toBe(caseIdOf('b1', 'r1', 'ST-1'));
    expect(caseIdOf('b1', 'r1', 'ST-1')).toMatch(/^c[\w-]{21}$/);
    expect(new Set([caseIdOf('b1', 'r1', 'ST-1'), caseIdOf('b1', 'r1', 'ST-1 '), caseIdOf('b1', 'r1#', 'ST-1'), caseIdOf('b1#r1', '', 'ST-1'), caseIdOf('b2', 'r1', 'ST-1')]).size).toBe(5);
  });

  it('severity: price gap ≥ 20 % high, ≥ 5 % medium, less low, unknown medium; profile by its kind; other reasons low', () => {
    expect(priceGap(800, 1000)).toEqual({ amount: -200, percent: -20 });
    expect(priceGap(800, null)).toBeNull();
    expect(priceGap(800, 0)).toBeNull();
    const price = [{ name: 'Price' }];
    expect(severityOf('product', price, { amount: -200, percent: -20 })).toBe('high');
    expect(severityOf('product', price, { amount: 60, percent: 6 })).toBe('medium');
    expect(severityOf('product', price, { amount: 10, percent: 1 })).toBe('low');
    expect(severityOf('product', price, null)).toBe('medium');
    expect(severityOf('product', [{ name: 'Image' }], null)).toBe('low');
    // A profile issue by its kind, the worst of its reasons; none given: medium.
    expect(severityOf('profile', [{ name: 'Brand Logo', value: 'Logo is missing' }], null)).toBe('high');
    expect(severityOf('profile', [{ name: 'Marketing Visuals', value: 'Visuals are missing' }], null)).toBe('high');
    expect(severityOf('profile', [{ name: 'Marketing Visuals', value: 'Old visuals are shown' }], null)).toBe('medium');
    expect(severityOf('profile', [{ name: 'Image Issues', value: 'Image Issues' }], null)).toBe('medium');
    expect(severityOf('profile', [{ name: 'Brand Bio', value: 'Typo/needs updates' }], null)).toBe('low');
    expect(severityOf('profile', [{ name: 'Brand Bio', value: 'Typo/needs updates' }, { name: 'Brand Logo', value: 'Logo is missing' }], null)).toBe('high');
    expect(severityOf('profile', [{ name: 'Other', value: 'Other' }], null)).toBe('low');
    expect(severityOf('profile', [], null)).toBe('medium');
  });

  it('a flag opens the case with its evidence; the same flag again changes nothing', () => {
    const open = flagStep(undefined, input())!;
    expect(open.beforeRev).toBeUndefined();
    expect(open.after).toMatchObject({ status: 'open', severity: 'high', repeats: 0, rev: 1, openedAt: '2026-11-02T10:00:00.000Z' });
    expect(open.after.evidence.gap).toEqual({ amount: -200, percent: -20 });
    expect(open.event).toMatchObject({ kind: 'flagged', detail: 'Price: Wrong price', by });
    expect(open.counts).toEqual({ open: 1 });
    expect(flagStep(open.after, input())).toBeUndefined();
  });

  it('new reasons are logged, the evidence of the opening stays', () => {
    const open = flagStep(undefined, input())!.after;
    const re = flagStep(open, input({ at: '2026-11-03T00:00:00.000Z', evidence: { ...input().evidence, reasons: [{ name: 'Image', value: 'Image' }], scraped: { ...input().evidence.scraped, price: 1 } } }))!;
    expect(re.event.kind).toBe('reflagged');
    expect(re.after.evidence.scraped.price).toBe(800);
    expect(re.beforeRev).toBe(1);
    expect(re.counts).toEqual({});
  });

  it('an email notifies an open case once; later emails are logged; a resolved case is not emailed', () => {
    const open = flagStep(undefined, input())!.after;
    const first = emailedStep(open, { historyId: 'h1', to: ['shop@r1.example'], at: '2026-11-04T00:00:00.000Z', by })!;
    expect(first.after).toMatchObject({ status: 'notified', notifiedAt: '2026-11-04T00:00:00.000Z' });
    expect(first.event).toMatchObject({ kind: 'emailed', detail: 'Emailed to shop@r1.example', ref: 'h1' });
    expect(first.counts).toEqual({ open: -1, notified: 1 });
    const second = emailedStep(first.after, { historyId: 'h2', to: ['a@r1.example', 'b@r1.example'], at: '2026-11-05T00:00:00.000Z', by })!;
    expect(second.after.notifiedAt).toBe('2026-11-04T00:00:00.000Z');
    expect(second.counts).toEqual({});
    const resolved = resolveStep(second.after, { resolution: 'retailer_fixed', reason: '', at: '2026-11-06T00:00:00.000Z', by })!.after;
    expect(emailedStep(resolved, { historyId: 'h3', to: ['x@r1.example'], at: '2026-11-07T00:00:00.000Z', by })).toBeUndefined();
  });

  it('resolving moves the counts from the status it had; resolving twice does nothing', () => {
    const open = flagStep(undefined, input())!.after;
    const notified = emailedStep(open, { historyId: 'h1', to: ['s@r1.example'], at: '2026-11-04T00:00:00.000Z', by })!.after;
    const r = resolveStep(notified, { resolution: 'dismissed', reason: 'Price agreed', at: '2026-11-05T00:00:00.000Z', by, kind: 'resolved' })!;
    expect(r.after).toMatchObject({ status: 'resolved', resolution: 'dismissed', resolutionReason: 'Price agreed', resolvedAt: '2026-11-05T00:00:00.000Z' });
    expect(r.counts).toEqual({ notified: -1, resolved: 1 });
    expect(r.event.detail).toBe('Dismissed: Price agreed');
    expect(resolveStep(r.after, { resolution: 'dismissed', reason: 'x', at: '2026-11-06T00:00:00.000Z', by })).toBeUndefined();
    expect(resolveStep(undefined, { resolution: 'dismissed', reason: 'x', at: '2026-11-06T00:00:00.000Z', by })).toBeUndefined();
  });

  it('a flag on a resolved case reopens it as a repeat with the evidence seen now', () => {
    const open = flagStep(undefined, input())!.after;
    const resolved = resolveStep(open, { resolution: 'retailer_fixed', reason: '', at: '2026-11-05T00:00:00.000Z', by })!.after;
    const again = flagStep(resolved, input({ at: '2026-12-01T00:00:00.000Z', productId: 'p2', evidence: { ...input().evidence, scanDate: '2026-12-01', gap: priceGap(990, 1000) } }))!;
    expect(again.event.kind).toBe('reopened');
    expect(again.after).toMatchObject({ _id: open._id, status: 'open', repeats: 1, resolution: null, resolvedAt: null, openedAt: '2026-12-01T00:00:00.000Z', productId: 'p2', severity: 'low' });
    expect(again.after.evidence.scanDate).toBe('2026-12-01');
    expect(again.counts).toEqual({ resolved: -1, open: 1, repeats: 1 });
  });
});
