/**
 * The basket feature in jsdom (fetch stubbed at the network edge): the bulk import's parsing,
 * the contact email body, the BASKET tab (count, empty text, remove, clear, bulk import with
 * Items Not Imported, export progress then links) and the plus icon shown only for serials not
 * in the basket.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { parseSerials } = await import('../../../web/src/features/basket/bulk-import');
const { basketEmailBody } = await import('../../../web/src/features/basket/api/basket-email');
const { BasketTab } = await import('../../../web/src/features/basket/components/basket-tab');
const { AddToBasket } = await import('../../../web/src/features/basket/components/add-to-basket');

const h = featureHarness();
const { calls, render, settle } = h;
let answer: (method: string, url: URL, body: unknown) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => h.answer((r) => answer(r.method, r.url, r.body)));

describe('parseSerials', () => {
  it('one serial a line: the trailing empty line dropped, blank lines and spaces ignored, repeats once', () => {
    expect(parseSerials('SN1\nSN2\n')).toEqual(['SN1', 'SN2']);
    expect(parseSerials('  SN1 \r\n\r\nsn1\nSN3\n\n')).toEqual(['SN1', 'SN3']);
    expect(parseSerials('')).toEqual([]);
    expect(parseSerials('\n  \n')).toEqual([]);
  });
});

describe('basketEmailBody', () => {
  it('holds both links and says they expire within 7 days; text is escaped', () => {
    const html = basketEmailBody({ excelLink: 'https://app.example/api/exports/download?token=a&b=1', zipLink: 'https://app.example/api/exports/download?token=z' });
    expect(html).toContain('<a href="https://app.example/api/exports/download?token=a&amp;b=1">');
    expect(html).toContain('https://app.example/api/exports/download?token=z');
    expect(html).toContain('These links expire within 7 days.');
    const hostile = basketEmailBody({ excelLink: 'javascript:alert(1)', zipLink: '"><script>x</script>' });
    expect(hostile).not.toContain('<script>');
    expect(hostile).not.toContain('href="javascript:');
  });
});

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text)!;
const item = (s: string) => ({ _id: s, serialNo: s, inventoryId: `INV-${s}`, styleName: `Item ${s}`, price: 100, customerId: 'OPT1', customerName: 'R', image: '', addedAt: '2026-11-23T10:00:00.000Z' });

describe('BasketTab', () => {
  it("shows '{n} Items In Basket' and the items; removing one toasts 'Product Removed !' and reads the basket again", async () => {
    let items = [item('SN1'), item('SN2')];
    answer = (method, u) => {
      if (method === 'DELETE') {
        items = items.filter((i) => !u.pathname.endsWith(`/${i.serialNo}`));
        return { status: 200, body: { message: 'Product Removed !', totalCount: items.length } };
      }
      return { status: 200, body: { data: items, totalCount: items.length, nextCursor: null } };
    };
    await render(<BasketTab brandId="brand-1" retailerId="ret-1" />);
    await settle();
    expect(calls[0]!.url.pathname).toMatch(/\/basket\/ret-1$/);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ brand: 'brand-1', page: '1' });
    expect(h.host.textContent).toContain('2 Items In Basket');
    expect(h.host.textContent).toContain('Item SN2');
    await act(async () => button('Remove SN1 from the basket').click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith('/basket/ret-1/items/SN1'))).toBe(true);
    expect(shown).toEqual(['success:Product Removed !']);
    expect(h.host.textContent).toContain('1 Items In Basket');
    expect(h.host.textContent).not.toContain('Item SN1');
  });

  it("says 'No Products.' when empty; Clear asks first, then toasts 'Baket cleared'", async () => {
    let items = [item('SN1')];
    answer = (method) => (method === 'DELETE' ? ((items = []), { status: 200, body: { message: 'Baket cleared', removed: 1 } }) : { status: 200, body: { data: items, totalCount: items.length, nextCursor: null } });
    await render(<BasketTab brandId={undefined} retailerId="ret-1" />);
    await settle();
    await act(async () => button('Clear').click());
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('Remove all 1 items from this basket?');
    const confirm = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Clear') as HTMLButtonElement;
    await act(async () => confirm.click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith('/basket/ret-1'))).toBe(true);
    expect(shown).toEqual(['success:Baket cleared']);
    expect(h.host.textContent).toContain('0 Items In Basket');
    expect(h.host.textContent).toContain('No Products.');
  });

  it("bulk import: empty → 'Error' / 'Add atleast one product.'; failures listed in Items Not Imported", async () => {
    answer = (method) =>
      method === 'POST'
        ? { status: 200, body: { message: 'Product Added!', added: ['SN1'], already: [], notImported: [{ serialNo: 'BAD', message: 'SerialNo: BAD | Invalid Serial No.' }], totalCount: 1 } }
        : { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
    await render(<BasketTab brandId="brand-1" retailerId="ret-1" />);
    await settle();
    await act(async () => button('Bulk Items Import').click());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Enter Serials:');
    await act(async () => button('Import').click());
    expect(shown).toEqual(['Error:Add atleast one product.']);
    const textarea = dialog.querySelector('textarea')!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(textarea, 'SN1\nBAD\n');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button('Import').click());
    await settle();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toMatch(/\/basket\/ret-1\/items$/);
    expect(post.body).toEqual({ serialNo: ['SN1', 'BAD'] });
    expect(shown).toContain('success:Product Added!');
    const notImported = document.querySelector('[role="dialog"]')!;
    expect(notImported.textContent).toContain('Items Not Imported');
    expect(notImported.textContent).toContain('SerialNo: BAD | Invalid Serial No.');
  });

  it('export: shows the progress, then the two links with copy buttons', async () => {
    let polls = 0;
    const job = (over: object) => ({ jobId: 'job1', status: 'running', done: 0, total: 4, s3ExcelLink: null, s3ZipLink: null, failedImages: 0, error: null, ...over });
    answer = (method, u) => {
      if (method === 'POST' && u.pathname.endsWith('/exportBucketData')) return { status: 202, body: job({ status: 'queued' }) };
      if (u.pathname.endsWith('/exportBucketData/job1')) return { status: 200, body: ++polls < 2 ? job({ done: 2 }) : job({ status: 'done', done: 4, s3ExcelLink: 'http://app/x1', s3ZipLink: 'http://app/z1', failedImages: 1 }) };
      return { status: 200, body: { data: [item('SN1')], totalCount: 4, nextCursor: null } };
    };
    await render(<BasketTab brandId="brand-1" retailerId="ret-1" />);
    await settle();
    await act(async () => button('Export').click());
    await settle();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ retailerId: 'ret-1' });
    expect(document.querySelector('progress')!.getAttribute('value')).toBe('50');
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('2 of 4 items');
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    await settle();
    const links = [...document.querySelectorAll('[role="dialog"] a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Spreadsheet', 'http://app/x1'],
      ['Images (zip)', 'http://app/z1'],
    ]);
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('expire within 7 days');
    expect(button('Copy the Spreadsheet link')).toBeTruthy();
  });
});

describe('AddToBasket', () => {
  it('shows the plus icon only for serials not in the basket, one membership call for the page', async () => {
    let inBasket = ['SN1'];
    answer = (method, u, body) => {
      if (method === 'POST') {
        inBasket = [...inBasket, ...(body as { serialNo: string[] }).serialNo];
        return { status: 200, body: { message: 'Product Added!', added: (body as { serialNo: string[] }).serialNo, already: [], notImported: [], totalCount: inBasket.length } };
      }
      return { status: 200, body: { data: inBasket.filter((s) => u.searchParams.get('serialNo')!.split(',').includes(s)) } };
    };
    const page = ['SN1', 'SN2'];
    await render(
      <>
        {page.map((s) => (
          <AddToBasket key={s} brandId="brand-1" retailerId="ret-1" serialNo={s} pageSerials={page} />
        ))}
      </>,
    );
    await settle();
    expect(calls.filter((c) => c.url.pathname.endsWith('/has'))).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('serialNo')).toBe('SN1,SN2');
    expect(h.host.querySelectorAll('button').length).toBe(1);
    await act(async () => button('Add SN2 to the basket').click());
    await settle();
    expect(shown).toEqual(['success:Product Added!']);
    expect(h.host.querySelectorAll('button').length).toBe(0);
  });
});
