/**
 * The Brand SKU edit in jsdom (fetch stubbed at the network edge): options found by typing and
 * saved as `{ product }`, Other saved as `{ brand_sku }`, and Other still offered when the options
 * cannot be read.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { BrandSkuForm } = await import('../../../web/src/features/retailer-view/components/brand-sku-form');

const h = featureHarness();
const { calls, render, settle } = h;
const OPTIONS = Array.from({ length: 300 }, (_, i) => ({ _id: `o${i}`, sku: `MA-${['BAG', 'SLG', 'SHO'][i % 3]}-${1000 + i}` }));
let skus: { status: number; body: unknown } = { status: 200, body: { data: OPTIONS, totalCount: OPTIONS.length } };
beforeEach(() =>
  h.answer((r) => (r.method === 'GET' ? skus : { status: 200, body: { message: 'Brand Sku updated successfully.', data: {} } })),
);

const input = () => document.querySelector<HTMLInputElement>('[role="combobox"]')!;
const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
const type = (el: HTMLInputElement, value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const key = (k: string) => act(() => void input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
const save = () => act(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save')!.click());

describe('Brand SKU edit', () => {
  it('finds an option by typing part of it and saves it as the product option', async () => {
    skus = { status: 200, body: { data: OPTIONS, totalCount: OPTIONS.length } };
    await render(<BrandSkuForm productId="p1" brandId="brand-1" value="" onDone={() => undefined} />);
    await settle();
    type(input(), '1044 shO');
    expect(options()).toEqual(['MA-SHO-1044', 'Other']);
    key('Enter');
    save();
    await settle();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ product: { _id: 'o44', sku: 'MA-SHO-1044' } });
    expect(shown).toContain('success:Brand Sku updated successfully.');
  });

  it('offers Other when the options cannot be read, and saves its text', async () => {
    skus = { status: 500, body: { message: 'Something went wrong, please try again!' } };
    await render(<BrandSkuForm productId="p1" brandId="brand-1" value="" onDone={() => undefined} />);
    await settle();
    expect(document.body.textContent).not.toContain('Loading brand skus');
    input().focus();
    key('ArrowDown');
    expect(options()).toEqual(['Other']);
    key('ArrowDown');
    key('Enter');
    await settle(2);
    type(document.querySelector<HTMLInputElement>('input[placeholder="Enter brand sku"]')!, 'FREE-1');
    save();
    await settle();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ brand_sku: 'FREE-1' });
  });
});
