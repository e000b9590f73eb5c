/**
 * The Inbox in jsdom (fetch stubbed at the network edge): the table's page of 10 by name with
 * 'in active' shown, the Name header toggling the sort, page 2 asked with page 1's cursor; the
 * add modal's three spec messages listed together (each also under its field) with nothing sent, a placeholder from
 * GET /getvariable inserted into the message, POST with the spec's toast and the list reloaded;
 * an edit sending its version and a 409 shown with the form kept open; a plain User reads only.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession, type Session } from '../../../web/src/lib/session';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));
// The editor is Quill in a browser (covered by the e2e suite); here a textarea stands in for it,
// its controller appending where Quill inserts at the caret.
vi.mock('../../../web/src/components/ui/rich-text-editor', () => ({
  RichTextEditor: ({ label, value, onChange, controller }: { label: string; value: string; onChange: (v: string) => void; controller?: { current: unknown } }) => {
    if (controller) controller.current = { insertText: (t: string) => onChange(`${value}${t}`) };
    return <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
  },
}));

const { InboxRoute } = await import('../../../web/src/app/routes/dashboard/inbox');

const message = (i: number, over: Record<string, unknown> = {}) => ({
  _id: `m${i}`,
  name: `Message ${String(i).padStart(2, '0')}`,
  content: `<p>Dear {firstName}, number ${i}</p>`,
  brand: 'brand-1',
  status: i % 2 ? 'inactive' : 'active',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: `2026-01-0${1 + (i % 9)}T10:00:00.000Z`,
  ...over,
});
let rows = Array.from({ length: 12 }, (_, i) => message(i + 1));
let putAnswer: { status: number; body: unknown } = { status: 200, body: {} };

const h = featureHarness();
const { render, settle } = h;

function answer(req: Req) {
  const { url, method } = req;
  if (url.pathname.endsWith('/getvariable')) return { status: 200, body: { data: ['{User_name}', '{firstName}', '{lastName}', '{email}', '{role}', '{Retailer_name}', '{Brand_name}'] } };
  if (url.pathname.endsWith('/cannedmessages') && method === 'GET') {
    const desc = url.searchParams.get('sort') === 'name;desc';
    const sorted = [...rows].sort((a, b) => (a.name < b.name ? -1 : 1) * (desc ? -1 : 1));
    const page = url.searchParams.get('cursor') ? Number(url.searchParams.get('cursor')!.slice(1)) : Number(url.searchParams.get('page'));
    const data = sorted.slice((page - 1) * 10, page * 10);
    return { status: 200, body: { data, totalCount: rows.length, nextCursor: page * 10 < rows.length ? `c${page + 1}` : null } };
  }
  if (url.pathname.endsWith('/cannedmessages') && method === 'POST') {
    const b = req.body as { name: string; content: string; status: string };
    const created = message(99, { _id: 'new', ...b });
    rows = [...rows, created];
    return { status: 200, body: { message: 'Message created successfully', data: created } };
  }
  if (method === 'PUT') return putAnswer;
  return { status: 404, body: { message: 'Not found' } };
}

beforeEach(() => {
  rows = Array.from({ length: 12 }, (_, i) => message(i + 1));
  putAnswer = { status: 200, body: {} };
  h.answer(answer);
});

const button = (name: string, within: ParentNode = document) => [...within.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const lists = () => h.calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/cannedmessages'));
const setValue = async (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) => {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
};
const byLabel = <T extends HTMLElement>(label: string, within: ParentNode = document): T => {
  const l = [...within.querySelectorAll('label')].find((x) => x.textContent === label);
  if (l?.htmlFor) return document.getElementById(l.htmlFor) as T;
  return within.querySelector(`[aria-label="${label}"]`) as T;
};

const show = () => render(
  <MemoryRouter initialEntries={['/dashboard/message-inbox']}>
    <InboxRoute />
  </MemoryRouter>,
);

describe('Inbox', () => {
  it("lists 10 a page by name (status 'in active'), toggles the sort from the Name header, and walks to page 2 with page 1's cursor", async () => {
    await show();
    await settle();
    const first = lists()[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ brand: 'brand-1', page: '1', limit: '10', sort: 'name;asc' });
    const names = () => [...h.host.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${String(i + 1).padStart(2, '0')}`));
    expect(h.host.textContent).toContain('12 messages');
    const status = [...h.host.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[2]!.textContent);
    expect(status.slice(0, 2)).toEqual(['in active', 'active']);

    await act(async () => button('Page 2')!.click());
    await settle();
    expect(lists().at(-1)!.url.searchParams.get('cursor')).toBe('c2');
    expect(names()).toEqual(['Message 11', 'Message 12']);

    const header = h.host.querySelector<HTMLButtonElement>('th button.table__sort')!;
    await act(async () => header.click());
    await settle();
    expect(lists().at(-1)!.url.searchParams.get('sort')).toBe('name;desc');
    expect(lists().at(-1)!.url.searchParams.get('page')).toBe('1');
    expect(names()[0]).toBe('Message 12');
    expect(h.host.querySelector('th[aria-sort]')!.getAttribute('aria-sort')).toBe('descending');
  });

  it("add: the three spec messages together and nothing sent; a placeholder inserted; POST, the spec's toast, the list reloaded", async () => {
    await show();
    await settle();
    await act(async () => button('Add New Message')!.click());
    await settle();
    const d = dialog()!;
    expect(d.textContent).toContain('Add message');
    await act(async () => button('Save', d)!.click());
    await settle();
    // Listed together in the summary, and each announced under its field.
    expect([...d.querySelectorAll('.inbox-form__errors li')].map((li) => li.textContent)).toEqual(['Name is required.', 'Message is required.', 'Please select status.']);
    expect([...d.querySelectorAll('[role="alert"]')].map((a) => a.textContent).sort()).toEqual(['Message is required.', 'Name is required.', 'Please select status.']);
    expect(byLabel<HTMLInputElement>('Name', d).getAttribute('aria-invalid')).toBe('true');
    expect(h.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await setValue(byLabel<HTMLInputElement>('Name', d), 'Follow up');
    await setValue(byLabel<HTMLTextAreaElement>('Message', d), '<p>Hello </p>');
    await setValue(byLabel<HTMLSelectElement>('Insert placeholder', d), '{firstName}');
    expect(byLabel<HTMLTextAreaElement>('Message', d).value).toBe('<p>Hello </p>{firstName}');
    expect(byLabel<HTMLSelectElement>('Insert placeholder', d).value).toBe('');
    const status = byLabel<HTMLSelectElement>('Status', d);
    expect([...status.options].map((o) => o.textContent)).toEqual(['Select status', 'active', 'in active']);
    await setValue(status, 'inactive');
    expect(d.querySelector('[role="alert"]')).toBeNull();
    const before = lists().length;
    await act(async () => button('Save', d)!.click());
    await settle();
    const posts = h.calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => p.body)).toEqual([{ name: 'Follow up', content: '<p>Hello </p>{firstName}', status: 'inactive', brand: 'brand-1' }]);
    expect(shown).toEqual(['success:Message created successfully']);
    expect(dialog()).toBeNull();
    expect(lists().length).toBeGreaterThan(before);
    expect(h.host.textContent).toContain('13 messages');
  });

  it('edit: sends the version it opened; a 409 (someone saved meanwhile) is shown and the form stays open', async () => {
    putAnswer = { status: 409, body: { message: 'This message was changed by someone else after you opened it: close it, open it again and redo your changes.', code: 'CONFLICT' } };
    await show();
    await settle();
    await act(async () => button('Edit Message 02')!.click());
    await settle();
    const d = dialog()!;
    expect(byLabel<HTMLInputElement>('Name', d).value).toBe('Message 02');
    expect(byLabel<HTMLSelectElement>('Status', d).value).toBe('active');
    await setValue(byLabel<HTMLInputElement>('Name', d), 'Message 02 renamed');
    await act(async () => button('Update', d)!.click());
    await settle();
    const put = h.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/cannedmessages\/m2$/);
    expect(put.body).toEqual({ name: 'Message 02 renamed', content: '<p>Dear {firstName}, number 2</p>', status: 'active', brand: 'brand-1', updatedAt: '2026-01-03T10:00:00.000Z' });
    expect(shown).toEqual(['warning:This message was changed by someone else after you opened it: close it, open it again and redo your changes.']);
    expect(dialog()).not.toBeNull();
  });

  it('as a plain User: reads the table and views a message (sanitised), without Add or Edit', async () => {
    setSession({ ...getSession()!, user: { _id: 'u2', name: 'Uma', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' } } } as unknown as Session);
    rows = [message(1, { status: 'active', content: '<p>Hi <strong>{firstName}</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>' })];
    await show();
    await settle();
    expect(h.host.textContent).toContain('Message 01');
    expect(button('Add New Message')).toBeUndefined();
    expect(button('Edit Message 01')).toBeUndefined();
    await act(async () => button('View Message 01')!.click());
    const d = dialog()!;
    expect(d.querySelector('.inbox-view__content')!.innerHTML).toBe('<p>Hi <strong>{firstName}</strong></p>');
    expect(button('Edit', d)).toBeUndefined();
  });
});
