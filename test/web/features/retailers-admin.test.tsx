/**
 * The admin Retailer List in jsdom (fetch stubbed at the network edge): the page of 100 by name
 * (page n + 1 asked with page n's cursor, a jump by number), the add / edit modal (every field's
 * message before anything is sent, the slug following the name, Clear, the server's 409 under its
 * field), and delete after 'Confirm Deletion ?' (a refusal shown as the server's message).
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RETAILER_MSG as M } from '../../../shared/messages/retailers';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { RetailersRoute } = await import('../../../web/src/app/routes/admin/retailers');

const h = featureHarness({ user: { _id: 'user-admin', name: 'Ada Admin', roles: [{ name: 'ADMIN' }], brand: null } });
const { calls, render, settle } = h;

const row = (n: number) => ({ _id: `r${n}`, name: `Store ${String(n).padStart(3, '0')}`, optId: `OPT${n}`, slug: `store-${n}`, website: `https://s${n}.example` });
let answer: (r: Req) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => h.answer((r) => answer(r)));

const lists = () => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/retailers'));
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text)!;
const dialog = (name: string) => [...document.querySelectorAll('[role="dialog"]')].find((d) => d.querySelector('h2')?.textContent === name) as HTMLElement | undefined;
const input = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  return document.getElementById(l.htmlFor) as HTMLInputElement;
};
const setValue = async (el: HTMLInputElement, value: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const click = async (el: HTMLElement) => {
  await act(async () => el.click());
  await settle();
};
const screen = (entry = '/admin/retailers') => (
  <MemoryRouter initialEntries={[entry]}>
    <RetailersRoute />
  </MemoryRouter>
);

describe('the Retailer List', () => {
  it('shows 100 retailers a page by name; the next page is asked with the cursor, a jump by page number', async () => {
    answer = (r) => {
      const page = Number(r.url.searchParams.get('page') ?? 0);
      const cursor = r.url.searchParams.get('cursor');
      const start = cursor === 'c2' ? 100 : page ? (page - 1) * 100 : 0;
      const data = Array.from({ length: Math.max(0, Math.min(100, 350 - start)) }, (_, i) => row(start + i));
      return { status: 200, body: { data, totalCount: 350, nextCursor: start + 100 < 350 ? `c${start / 100 + 2}` : null } };
    };
    await render(screen());
    await settle();
    expect(Object.fromEntries(lists()[0]!.url.searchParams)).toEqual({ page: '1', limit: '100' });
    expect(document.querySelector('h1')?.textContent).toBe('Retailer List');
    expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'Opt ID', 'Slug', 'Website', 'Edit', 'Delete']);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(h.host.textContent).toContain('350 retailers');
    vi.mocked(window.scrollTo).mockClear();
    await click(button('Page 2'));
    expect(Object.fromEntries(lists().at(-1)!.url.searchParams)).toEqual({ limit: '100', cursor: 'c2' });
    // A new page starts at the top of the list.
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.querySelector('tbody tr td')?.textContent).toBe('Store 100');
    await click(button('Last'));
    // Page 4 was never reached by walking: asked by number.
    expect(Object.fromEntries(lists().at(-1)!.url.searchParams)).toEqual({ page: '4', limit: '100' });
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
  });

  it('a page number past the end (an old link, a delete that emptied the last page) shows the last page', async () => {
    answer = (r) => {
      const second = r.url.searchParams.get('page') === '2' || r.url.searchParams.has('cursor');
      return { status: 200, body: { data: second ? [row(100)] : [], totalCount: 101, nextCursor: null } };
    };
    await render(screen('/admin/retailers?page=9'));
    await settle();
    // Page 2: by number, or by the cursor an earlier visit remembered for it.
    expect(lists()).toHaveLength(2);
    expect(lists()[0]!.url.searchParams.get('page')).toBe('9');
    expect(lists()[1]!.url.searchParams.get('page') === '2' || lists()[1]!.url.searchParams.has('cursor')).toBe(true);
    expect(document.querySelector('tbody tr td')?.textContent).toBe('Store 100');
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe('2');
  });

  it("says when there are no retailers, and hides the pages under two", async () => {
    answer = () => ({ status: 200, body: { data: [], totalCount: 0, nextCursor: null } });
    await render(screen());
    await settle();
    expect(h.host.textContent).toContain(M.empty);
    expect(document.querySelector('nav.pager')).toBeNull();
  });
});

describe('the add / edit modal', () => {
  it("lists every field's message before sending; the slug follows the name; Clear empties; Save adds, toasts and reloads", async () => {
    answer = (r) =>
      r.method === 'POST' ? { status: 200, body: { message: M.added, data: { _id: 'new', ...(r.body as object) } } } : { status: 200, body: { data: [row(1)], totalCount: 1, nextCursor: null } };
    await render(screen());
    await settle();
    await click(button('Add'));
    const d = dialog('Add Retailer')!;
    expect(d).toBeDefined();
    await click(button('Save'));
    expect([...d.querySelectorAll('.field__error')].map((e) => e.textContent)).toEqual([M.nameRequired, M.optIdRequired, M.slugRequired, M.websiteRequired]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await setValue(input('Name'), 'Lumière & Co');
    expect(input('Slug').value).toBe('lumiere-co');
    await setValue(input('Name'), 'A');
    await setValue(input('Opt ID'), 'OPT 9');
    await setValue(input('Slug'), '-bad-');
    await setValue(input('Website'), 'javascript:alert(1)');
    await click(button('Save'));
    expect([...d.querySelectorAll('.field__error')].map((e) => e.textContent)).toEqual([M.tooShort, M.optIdInvalid, M.slugInvalid, M.websiteInvalid]);
    expect(input('Slug').getAttribute('aria-invalid')).toBe('true');
    // The slug typed in no longer follows the name.
    await setValue(input('Name'), 'Lumière & Co');
    expect(input('Slug').value).toBe('-bad-');
    await click(button('Clear'));
    expect(['Name', 'Opt ID', 'Slug', 'Website'].map((l) => input(l).value)).toEqual(['', '', '', '']);
    expect(d.querySelectorAll('.field__error')).toHaveLength(0);

    await setValue(input('Name'), 'Lumière & Co');
    await setValue(input('Opt ID'), 'opt9');
    await setValue(input('Website'), 'https://lumiere-co.example');
    const before = lists().length;
    await click(button('Save'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toMatch(/\/retailers$/);
    expect(post.body).toEqual({ name: 'Lumière & Co', optId: 'opt9', slug: 'lumiere-co', website: 'https://lumiere-co.example' });
    expect(shown).toEqual([`success:${M.added}`]);
    expect(dialog('Add Retailer')).toBeUndefined();
    expect(lists().length).toBeGreaterThan(before);
  });

  it("shows the server's 409 under the field it names and keeps the modal open; edit sends PUT with the row's id", async () => {
    answer = (r) => {
      if (r.method === 'PUT') return { status: 409, body: { message: M.slugLocked('store-1'), code: 'CONFLICT', issues: [{ path: 'slug', message: M.slugLocked('store-1') }] } };
      return { status: 200, body: { data: [row(1)], totalCount: 1, nextCursor: null } };
    };
    await render(screen());
    await settle();
    await click(button('Edit Store 001'));
    const d = dialog('Edit Retailer')!;
    expect(['Name', 'Opt ID', 'Slug', 'Website'].map((l) => input(l).value)).toEqual(['Store 001', 'OPT1', 'store-1', 'https://s1.example']);
    // Editing the name leaves the slug alone.
    await setValue(input('Name'), 'Store One');
    expect(input('Slug').value).toBe('store-1');
    await setValue(input('Slug'), 'store-one');
    await click(button('Save'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/retailers\/r1$/);
    expect(put.body).toEqual({ name: 'Store One', optId: 'OPT1', slug: 'store-one', website: 'https://s1.example' });
    expect([...d.querySelectorAll('.field__error')].map((e) => e.textContent)).toEqual([M.slugLocked('store-1')]);
    expect(dialog('Edit Retailer')).toBeDefined();
    expect(shown).toEqual([]);
  });
});

describe('delete', () => {
  it("asks 'Confirm Deletion ?'; Cancel sends nothing; a refusal shows the server's reason; a delete toasts and reloads", async () => {
    let refuse = true;
    answer = (r) => {
      if (r.method === 'DELETE') return refuse ? { status: 409, body: { message: M.inUse('Store 001', [M.inUseFiles]), code: 'CONFLICT' } } : { status: 200, body: { message: M.deleted, _id: 'r1' } };
      return { status: 200, body: { data: [row(1)], totalCount: 1, nextCursor: null } };
    };
    await render(screen());
    await settle();
    await click(button('Delete Store 001'));
    expect(dialog('Delete retailer')?.textContent).toContain(M.deleteConfirm);
    await click(button('Cancel'));
    expect(dialog('Delete retailer')).toBeUndefined();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await click(button('Delete Store 001'));
    await click(button('Delete'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([expect.stringMatching(/\/retailers\/r1$/)]);
    expect(shown).toEqual([`warning:${M.inUse('Store 001', [M.inUseFiles])}`]);
    expect(dialog('Delete retailer')).toBeUndefined();

    refuse = false;
    const before = lists().length;
    await click(button('Delete Store 001'));
    await click(button('Delete'));
    expect(shown.at(-1)).toBe(`success:${M.deleted}`);
    expect(lists().length).toBeGreaterThan(before);
  });
});
