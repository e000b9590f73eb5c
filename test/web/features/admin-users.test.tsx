/**
 * Manage Users in jsdom (fetch stubbed at the network edge): the server-paged table (Name, Email,
 * Brand; 10 a page, name;asc; the Brand header sorts as `brand`), page n + 1 asked for with page
 * n's cursor, the keyword search, and the 'Add Users' modal: every message of 001 §5 under its
 * field with nothing sent, POST /users with one role, the toast 'User added successfully.' and a
 * taken address shown under Email.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { dialog, type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { ManageUsers } = await import('../../../web/src/features/admin-users/components/manage-users');

const ROLES = [
  { _id: 'role-admin', name: 'ADMIN' },
  { _id: 'role-brand-admin', name: 'BRAND_ADMIN' },
  { _id: 'role-user', name: 'User' },
];
const BRANDS = [
  { _id: 'brand-1', name: 'Maison', slug: 'maison' },
  { _id: 'brand-2', name: 'Castel', slug: 'castel' },
];
const row = (i: number, brand: { _id: string; name: string } | null = { _id: 'brand-1', name: 'Maison' }) => ({
  _id: `u${i}`,
  name: `User ${i}`,
  firstname: 'User',
  lastname: String(i),
  email: `u${i}@x.test`,
  roles: [{ _id: 'role-user', name: 'User', label: 'User', value: 'role-user' }],
  associated_retailers: [],
  notify: true,
  brand,
  status: 'active',
});

/** A button by its text (sort headers: their text without the order arrow). */
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/[▲▼↕]/g, '').trim() === text || b.getAttribute('aria-label') === text) as HTMLButtonElement;
const lists = (h: ReturnType<typeof featureHarness>) => h.calls.filter((c) => c.url.pathname.endsWith('/users') && c.method === 'GET').map((c) => Object.fromEntries(c.url.searchParams));

function server(h: ReturnType<typeof featureHarness>, post: (r: Req) => { status: number; body: unknown } = () => ({ status: 201, body: { message: 'User added successfully.', user: row(9) } })) {
  h.answer((r: Req) => {
    const p = r.url.pathname;
    if (p.endsWith('/roles')) return { status: 200, body: { data: ROLES } };
    if (p.endsWith('/getBrands')) return { status: 200, body: { data: BRANDS } };
    if (p.endsWith('/users') && r.method === 'GET') return { status: 200, body: { data: [row(1), row(2, null), row(3, { _id: 'brand-2', name: 'Castel' })], totalCount: 23, nextCursor: 'c2' } };
    if (p.endsWith('/users') && r.method === 'POST') return post(r);
    return { status: 404, body: { message: 'no' } };
  });
}

describe('Manage Users (admin)', () => {
  const h = featureHarness({ user: { _id: 'admin', name: 'Ada', roles: [{ name: 'ADMIN' }], brand: null } as never });
  const render = () =>
    h.render(
      <MemoryRouter initialEntries={['/admin/manage-users']}>
        <ManageUsers />
      </MemoryRouter>,
    );

  it('asks for one page of 10 by name;asc, shows Name, Email, Brand, pages with the cursor and sorts the Brand column as brand', async () => {
    server(h);
    await render();
    await h.settle();
    expect(lists(h)[0]).toEqual({ page: '1', limit: '10', sort: 'name;asc' });
    expect([...h.host.querySelectorAll('th')].map((t) => t.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Name', 'Email', 'Brand']);
    const cells = [...h.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['User 1', 'u1@x.test', 'Maison'],
      ['User 2', 'u2@x.test', '—'],
      ['User 3', 'u3@x.test', 'Castel'],
    ]);
    expect(h.host.textContent).toContain('23 users');
    await act(async () => button('2').click());
    await h.settle();
    expect(lists(h).at(-1)).toEqual({ page: '2', limit: '10', sort: 'name;asc', cursor: 'c2' });
    await act(async () => button('Brand').click());
    await h.settle();
    expect(lists(h).at(-1)).toEqual({ page: '1', limit: '10', sort: 'brand;asc' });
    await act(async () => button('Brand').click());
    await h.settle();
    expect(lists(h).at(-1)).toEqual({ page: '1', limit: '10', sort: 'brand;desc' });
    expect(h.host.querySelector('th[aria-sort="descending"]')?.textContent).toContain('Brand');
  });

  it('searches by keyword from page 1, and Reset clears it', async () => {
    server(h);
    await render();
    await h.settle();
    const input = h.host.querySelector('input[type="search"]') as HTMLInputElement;
    type('Search users', '  maison ');
    expect(input.value).toBe('  maison ');
    await act(async () => (h.host.querySelector('form[role="search"]') as HTMLFormElement).requestSubmit());
    await h.settle();
    expect(lists(h).at(-1)).toEqual({ page: '1', limit: '10', sort: 'name;asc', keyword: 'maison' });
    expect(h.host.textContent).toContain('23 users starting with “maison”');
    await act(async () => button('Reset').click());
    await h.settle();
    // Back to the whole list (already fetched: the first page of name;asc).
    expect(input.value).toBe('');
    expect(button('Reset')).toBeUndefined();
    expect(h.host.textContent).toContain('23 users');
    expect(h.host.textContent).not.toContain('starting with');
  });

  it("shows every message of the spec's form under its field and sends nothing", async () => {
    server(h);
    await render();
    await h.settle();
    await act(async () => button('Add Users').click());
    await h.settle();
    const before = h.calls.length;
    const alerts = () => [...dialog()!.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    await act(async () => button('Add User').click());
    expect(alerts()).toEqual(['User Name Required', 'Email Required', 'Password Required', 'Brand is required', 'Role is required']);
    type('User Name', 'A');
    type('Email', 'not-an-email');
    type('Password', 'x'.repeat(129)); // the one password rule: at most 128
    await act(async () => button('Add User').click());
    expect(alerts()).toEqual(['Too Short!', 'Please enter valid email', 'Too Long!', 'Brand is required', 'Role is required']);
    type('User Name', 'A'.repeat(101));
    await act(async () => button('Add User').click());
    expect(alerts()[0]).toBe('Too Long!');
    expect(h.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);
    // The role select offers every role, ADMIN included; the brand select every brand.
    const options = (label: string) => {
      const l = [...dialog()!.querySelectorAll('label')].find((x) => x.textContent === label)!;
      return [...(document.getElementById(l.htmlFor) as HTMLSelectElement).options].map((o) => o.textContent);
    };
    expect(options('Role')).toEqual(['Select Role', 'Admin', 'Brand admin', 'User']); // people's words, the stored names as values
    expect(options('Brand')).toEqual(['Select Brand', 'Maison', 'Castel']);
  });

  it('adds a user (POST /users with one role), toasts and closes; the list is asked for again', async () => {
    server(h);
    await render();
    await h.settle();
    await act(async () => button('Add Users').click());
    await h.settle();
    type('User Name', ' Nora New ');
    type('Email', 'Nora@X.test');
    type('Password', 'Secret-12');
    type('Brand', 'brand-2');
    type('Role', 'role-brand-admin');
    const listsBefore = lists(h).length;
    await act(async () => button('Add User').click());
    await h.settle();
    const post = h.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toMatch(/\/users$/);
    expect(post.body).toEqual({ name: 'Nora New', email: 'nora@x.test', password: 'Secret-12', brand: 'brand-2', roles: ['role-brand-admin'] });
    expect(shown).toContain('success:User added successfully.');
    expect(dialog()).toBeNull();
    expect(lists(h).length).toBeGreaterThan(listsBefore);
  });

  it('shows a taken address under Email and keeps the modal open', async () => {
    server(h, () => ({ status: 409, body: { message: 'An account with this email already exists.' } }));
    await render();
    await h.settle();
    await act(async () => button('Add Users').click());
    await h.settle();
    type('User Name', 'Nora New');
    type('Email', 'nora@x.test');
    type('Password', 'Secret-12');
    type('Brand', 'brand-1');
    type('Role', 'role-user');
    await act(async () => button('Add User').click());
    await h.settle();
    expect(dialog()!.textContent).toContain('An account with this email already exists.');
    expect(shown).not.toContain('success:User added successfully.');
  });
});
