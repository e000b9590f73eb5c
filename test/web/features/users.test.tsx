/**
 * Settings → Users and My Account in jsdom (fetch stubbed at the network edge): the server-paged
 * table (10 a page, name;asc), 'All' / 'view All', Actions and Add New User for brand admins only,
 * the user form's messages listed together with nothing sent, the retailers step and its
 * 'Please fill up firstname and lastname first.', delete confirmation, invite member, and My
 * Account's current password, toast and session update.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dialog, type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { UsersTab } = await import('../../../web/src/features/users/components/users-tab');
const { MyAccount } = await import('../../../web/src/features/users/components/my-account');
const { getSession } = await import('../../../web/src/lib/session');
const { setNavigator } = await import('../../../web/src/lib/navigation');

const ROLES = [
  { _id: 'role-admin', name: 'ADMIN' },
  { _id: 'role-brand-admin', name: 'BRAND_ADMIN' },
  { _id: 'role-user', name: 'User' },
];
const RETAILERS = [
  { _id: 'r1', name: 'Harrow' },
  { _id: 'r2', name: 'Lumen' },
];
const row = (i: number, over: Record<string, unknown> = {}) => ({
  _id: `u${i}`,
  name: `User ${i}`,
  firstname: 'User',
  lastname: String(i),
  email: `u${i}@x.test`,
  roles: [{ _id: 'role-user', name: 'User', label: 'User', value: 'role-user' }],
  associated_retailers: [],
  notify: true,
  brand: { _id: 'brand-1', name: 'B' },
  status: 'active',
  ...over,
});

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text) as HTMLButtonElement;

const BRAND_ADMIN_ROLE = { _id: 'role-brand-admin', name: 'BRAND_ADMIN', label: 'BRAND_ADMIN', value: 'role-brand-admin' };
function usersServer(h: ReturnType<typeof featureHarness>, users = [row(1, { associated_retailers: [{ _id: 'r1' }, { _id: 'r2' }] }), row(2), { ...row(3, { roles: [BRAND_ADMIN_ROLE] }), _id: 'u-self' }], total = 23, putAnswer?: Record<string, unknown>) {
  h.answer((r: Req) => {
    const p = r.url.pathname;
    if (p.endsWith('/roles')) return { status: 200, body: { data: ROLES } };
    if (p.includes('/getRetailersForUsersTab/')) return { status: 200, body: { data: RETAILERS, totalCount: 2 } };
    if (p.endsWith('/users') && r.method === 'GET') return { status: 200, body: { data: users, totalCount: total, nextCursor: 'c2' } };
    if (p.endsWith('/registerAndNotify')) return { status: 201, body: { message: 'Message created successfully', user: row(9) } };
    if (r.method === 'PUT') return { status: 200, body: putAnswer ?? { message: 'User updated successfully', user: { ...row(1), user_email_bcc: '', emailFrequency: 'Weekly', policyFlag: false, brand: null } } };
    if (r.method === 'DELETE') return { status: 200, body: { message: 'User deleted successfully' } };
    return { status: 404, body: { message: 'no' } };
  });
}

const session = (user: Record<string, unknown>) => ({ token: 'tok', expiresAt: '', user: { _id: 'u-self', name: 'Bea', email: 'bea@x.test', roles: [{ name: 'BRAND_ADMIN' }], brand: { _id: 'brand-1', name: 'B' }, ...user } }) as never;

describe('UsersTab as a brand admin', () => {
  const h = featureHarness({ user: { _id: 'u-self', name: 'Bea', roles: [{ name: 'BRAND_ADMIN' }], brand: { _id: 'brand-1', name: 'B' } } });

  it('asks the server for one page of 10 by name;asc and shows the columns, All / view All, Actions, and pages', async () => {
    usersServer(h);
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    const list = h.calls.find((c) => c.url.pathname.endsWith('/users'))!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ brand: 'brand-1', page: '1', limit: '10', sort: 'name;asc' });
    const headers = [...h.host.querySelectorAll('th')].map((t) => t.textContent);
    expect(headers).toEqual(['User Name', 'Email Address', 'Role', 'Assigned Retailers', 'Actions']);
    const cells = [...h.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells[0]![3]).toBe('Harrow, Lumenview All');
    expect(cells[1]![3]).toBe('All');
    // Roles in people's words (issue 20 §6), the stored names unchanged.
    expect(cells.map((c) => c[2])).toEqual(['User', 'User', 'Brand admin']);
    expect(button('Add New User')).toBeTruthy();
    expect(button('Delete User 3').disabled).toBe(true);
    expect(button('Delete User 2').disabled).toBe(false);
    // 23 users: 3 pages.
    expect(h.host.querySelector('nav')?.textContent).toContain('3');
    await act(async () => button('2').click());
    await h.settle();
    const second = h.calls.filter((c) => c.url.pathname.endsWith('/users')).at(-1)!;
    expect(Object.fromEntries(second.url.searchParams)).toEqual({ brand: 'brand-1', page: '2', limit: '10', sort: 'name;asc', cursor: 'c2' });
  });

  it('lists every message of the user form together and sends nothing; names come before the retailers step', async () => {
    usersServer(h);
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    await act(async () => button('Add New User').click());
    await h.settle();
    await act(async () => button('View all assigned retailers').click());
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe('Please fill up firstname and lastname first.');
    const before = h.calls.length;
    await act(async () => button('Add User').click());
    await h.settle();
    expect([...dialog()!.querySelectorAll('[role="alert"] li')].map((li) => li.textContent)).toEqual(['Firstname is required.', 'Lastname is required.', 'EmailAddress is required.', 'Please select role.']);
    type('Email Address', 'not-an-email');
    await act(async () => button('Add User').click());
    expect(dialog()!.textContent).toContain('Invalid Email Address');
    expect(h.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);
    // The role select never offers ADMIN.
    expect([...dialog()!.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Select role', 'Brand admin', 'User']);
  });

  it('adds a user with the retailers chosen in the assigned-retailers step, toasts, and closes', async () => {
    usersServer(h);
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    await act(async () => button('Add New User').click());
    await h.settle();
    type('First Name', 'Nora');
    type('Last Name', 'New');
    type('Email Address', 'Nora@X.test');
    type('Role', 'role-user');
    await act(async () => button('View all assigned retailers').click());
    await h.settle();
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Assigned Retailers');
    const lumen = [...dialog()!.querySelectorAll('label')].find((l) => l.textContent === 'Lumen')!.querySelector('input')!;
    await act(async () => lumen.click());
    await act(async () => button('Continue').click());
    expect(dialog()!.textContent).toContain('Assigned retailers: Lumen');
    expect((document.querySelector('input[type="email"]') as HTMLInputElement).value).toBe('Nora@X.test');
    await act(async () => button('Add User').click());
    await h.settle();
    const post = h.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toMatch(/\/registerAndNotify$/);
    expect(post.body).toEqual({ firstname: 'Nora', lastname: 'New', name: 'Nora New', email: 'nora@x.test', roles: ['role-user'], associated_retailers: ['r2'], notify: true, user_email_bcc: '' });
    expect(shown).toEqual(['success:Message created successfully']);
    expect(dialog()).toBeNull();
  });

  it('edits with the email disabled and notify user, deletes after Yes', async () => {
    usersServer(h);
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    await act(async () => button('Edit User 2').click());
    await h.settle();
    expect((document.querySelector('input[type="email"]') as HTMLInputElement).disabled).toBe(true);
    // The user's role shows as chosen (the roles arrive after the form opens).
    expect((dialog()!.querySelector('select') as HTMLSelectElement).value).toBe('role-user');
    type('First Name', 'Ulla');
    const notifyBox = [...dialog()!.querySelectorAll('label')].find((l) => l.textContent === 'Notify user')!.querySelector('input')!;
    await act(async () => notifyBox.click());
    await act(async () => button('Save').click());
    await h.settle();
    const put = h.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/users\/u2$/);
    expect(put.body).toEqual({ firstname: 'Ulla', lastname: '2', roles: ['role-user'], associated_retailers: [], notify: true });
    expect(shown).toEqual(['success:User updated successfully']);
    await act(async () => button('Delete User 2').click());
    expect(dialog()!.textContent).toContain('Are you sure you want to delete this user permanently?');
    await act(async () => button('Yes').click());
    await h.settle();
    expect(h.calls.find((c) => c.method === 'DELETE')!.url.pathname).toMatch(/\/removeAndNotify\/u2$/);
    expect(shown).toContain('success:User deleted successfully');
  });

  it("editing one's own row (assigned retailers end one's sessions): this session goes on with the token the answer holds", async () => {
    const self = { ...row(3), _id: 'u-self', user_email_bcc: '', emailFrequency: 'Weekly', policyFlag: false, brand: null };
    usersServer(h, undefined, undefined, { message: 'User updated successfully', user: self, token: 'tok-after-edit', expiresAt: '2026-12-01T00:00:00.000Z' });
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    await act(async () => button('Edit User 3').click());
    await h.settle();
    await act(async () => button('Save').click());
    await h.settle();
    expect(h.calls.find((c) => c.method === 'PUT')!.url.pathname).toMatch(/\/users\/u-self$/);
    expect(getSession()!.token).toBe('tok-after-edit');
  });

  it("invite member: empty says 'Please enter Email ID!', a valid address opens the add form prefilled, no call", async () => {
    usersServer(h);
    await h.render(<UsersTab session={session({})} />);
    await h.settle();
    const before = h.calls.length;
    await act(async () => button('Invite Member').click());
    await act(async () => button('Continue').click());
    expect(dialog()!.textContent).toContain('Please enter Email ID!');
    type('Email ID', 'guest@x.test');
    await act(async () => button('Continue').click());
    await h.settle();
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Add New User');
    expect((document.querySelector('input[type="email"]') as HTMLInputElement).value).toBe('guest@x.test');
    expect(h.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('UsersTab as a plain User', () => {
  const h = featureHarness({ user: { _id: 'u-self', name: 'Bea', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' } } });

  it('has no Actions, no Add New User; view All is read-only', async () => {
    usersServer(h, [row(1, { associated_retailers: [{ _id: 'r1' }], hiddenRetailers: 2 })], 1);
    await h.render(<UsersTab session={session({ roles: [{ name: 'User' }] })} />);
    await h.settle();
    expect([...h.host.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['User Name', 'Email Address', 'Role', 'Assigned Retailers']);
    expect(button('Add New User')).toBeUndefined();
    expect(h.host.textContent).toContain('Harrow, 2 other retailer(s)');
    await act(async () => button('view All assigned retailers of User 1').click());
    expect(dialog()!.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
    expect(dialog()!.textContent).toContain('Harrow');
    expect(dialog()!.textContent).toContain('And 2 other retailer(s).');
    expect(button('Save')).toBeUndefined();
  });
});

describe('MyAccount', () => {
  const h = featureHarness({ user: { _id: 'u-self', name: 'Bea', email: 'bea@x.test', user_email_bcc: '', emailFrequency: 'Weekly', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' } } });
  const me = () => getSession()!;
  // My Account also reads its two-step sign-in state (GET /mfa; test/web/features/mfa.test.tsx) and its passkeys (GET /passkeys; passkeys.test.tsx): answered here, left out of the calls counted.
  const MFA_OFF = { totp: { enabled: false, enabledAt: null }, recoveryCodesLeft: 0, required: false, signInWithPasskey: false };
  const security = (r: Req) => r.url.pathname.endsWith('/mfa') || r.url.pathname.endsWith('/passkeys');
  const answer = (fn: (r: Req) => { status: number; body: unknown }) => h.answer((r) => (r.url.pathname.endsWith('/mfa') ? { status: 200, body: MFA_OFF } : r.url.pathname.endsWith('/passkeys') ? { status: 200, body: { passkeys: [], max: 10 } } : fn(r)));
  const sent = () => h.calls.filter((c) => !security(c));

  it("saves name, BCC and frequency with 'Settings updated.' and the session's user follows", async () => {
    answer(() => ({ status: 200, body: { message: 'Settings updated.', user: { ...me().user, name: 'Bea Renamed', emailFrequency: 'Daily' } } }));
    await h.render(<MyAccount session={me()} />);
    expect([...document.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Daily', 'Weekly', 'Monthly']);
    expect(document.body.textContent).not.toContain('Current Password');
    type('Name', 'Bea Renamed');
    type('Email Frequency', 'Daily');
    await act(async () => button('Save').click());
    await h.settle();
    expect(sent()[0]!.method).toBe('PUT');
    expect(sent()[0]!.url.pathname).toMatch(/\/users\/u-self$/);
    expect(sent()[0]!.body).toEqual({ name: 'Bea Renamed', user_email_bcc: '', emailFrequency: 'Daily', email: 'bea@x.test' });
    expect(shown).toEqual(['success:Settings updated.']);
    expect(me().user.name).toBe('Bea Renamed');
  });

  it('asks for the current password when the email or password changes; a wrong one shows the server message; the new token replaces the session token', async () => {
    let attempt = 0;
    answer(() =>
      ++attempt === 1
        ? { status: 400, body: { message: 'The current password is not correct.', code: 'VALIDATION', issues: [{ path: 'currentPassword', message: 'The current password is not correct.' }] } }
        : { status: 200, body: { message: 'Settings updated.', user: { ...me().user, email: 'new@x.test' }, token: 'tok-2', expiresAt: '2099-01-01T00:00:00.000Z' } },
    );
    await h.render(<MyAccount session={me()} />);
    type('Email', 'new@x.test');
    expect(document.body.textContent).toContain('Current Password');
    await act(async () => button('Save').click());
    expect(document.body.textContent).toContain('Enter your current password to change your email or password.');
    expect(sent()).toHaveLength(0);
    type('Current Password', 'wrong');
    await act(async () => button('Save').click());
    await h.settle();
    expect(document.body.textContent).toContain('The current password is not correct.');
    expect(me().token).toBe('tok');
    type('Current Password', 'right');
    await act(async () => button('Save').click());
    await h.settle();
    expect(sent()[1]!.body).toMatchObject({ email: 'new@x.test', currentPassword: 'right' });
    expect(me().token).toBe('tok-2');
    expect(me().user.email).toBe('new@x.test');
  });

  it("'Log out of all devices' asks first, then ends every session (POST /logout/all) and leaves through the logout page", async () => {
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    answer((r) => (r.url.pathname.endsWith('/logout/all') ? { status: 200, body: { message: 'You have been logged out of all devices.' } } : { status: 404, body: { message: 'no' } }));
    await h.render(<MyAccount session={me()} />);
    await act(async () => button('Log out of all devices').click());
    expect(dialog()!.textContent).toContain('Every session of your account ends, this one included');
    expect(sent()).toHaveLength(0);
    // Cancel: nothing happens.
    await act(async () => button('Cancel').click());
    expect(dialog()).toBeNull();
    await act(async () => button('Log out of all devices').click());
    await act(async () => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Log out of all devices')!.click());
    await h.settle();
    expect(sent().map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/logout/all']);
    expect(shown).toEqual(['success:You have been logged out of all devices.']);
    expect(went).toEqual(['/login?session=logout']);
  });
});
