/**
 * The address-book feature in jsdom (fetch stubbed at the network edge): the Address Book lists
 * the retailer's contacts with delete icons only when allowed, says 'Contact(s) not found.' when
 * empty, checks the Add Contact form before sending (the spec's messages), sends the brand and
 * retailer, shows the server's 409 under the email; EMAIL HISTORY shows 'Emailed on' MM/DD/YYYY,
 * its empty text (also for a retailer never scanned: 404) and a Preview in a sandboxed frame.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';
import { ADDRESS_BOOK_MSG as M } from '../../../shared/messages/address-book';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { AddressBook, clampPage } = await import('../../../web/src/features/address-book/components/address-book');
const { EmailHistory } = await import('../../../web/src/features/address-book/components/email-history');
const { previewDocument } = await import('../../../web/src/features/address-book/components/email-preview');

const h = featureHarness();
const { calls, render, settle } = h;
let answer: (url: URL, method: string, body: unknown) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => h.answer((r) => answer(r.url, r.method, r.body)));

const contact = (i: number) => ({ _id: `c${i}`, firstName: `First${i}`, lastName: `Last${i}`, email: `c${i}@x.test`, role: 'Buyer', brand: 'brand-1', retailer: 'ret-1', createdAt: '2026-01-01T00:00:00.000Z' });

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent)?.trim() === name);
const dialogButton = (name: string) => [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
function type(label: string, value: string) {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  const input = document.getElementById(l.htmlFor) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('clampPage', () => {
  it('keeps the page, or moves to the last page that still has rows', () => {
    expect(clampPage(1, 0, 25)).toBe(1);
    expect(clampPage(2, 26, 25)).toBe(2);
    expect(clampPage(2, 25, 25)).toBe(1);
    expect(clampPage(5, 60, 25)).toBe(3);
  });
});

describe('AddressBook', () => {
  it('lists the contacts (page 1, 25) with a delete icon per row when allowed, none otherwise', async () => {
    answer = () => ({ status: 200, body: { retailer_contacts: [contact(1), contact(2)], totalCount: 2, nextCursor: null } });
    await render(<AddressBook brandId="brand-1" retailerId="ret-1" retailerName="R" canDelete />);
    await settle();
    const q = calls[0]!.url;
    expect(q.pathname).toBe('/api/getContactInfo');
    expect(Object.fromEntries(q.searchParams)).toEqual({ brand: 'brand-1', retailer: 'ret-1', page: '1', limit: '25' });
    expect([...h.host.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Actions']);
    expect(h.host.querySelectorAll('button[aria-label^="Delete contact"]')).toHaveLength(2);

    await render(<AddressBook brandId="brand-1" retailerId="ret-1" retailerName="R" canDelete={false} />);
    await settle();
    expect([...h.host.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['First Name', 'Last Name', 'Email', 'Role']);
    expect(h.host.querySelectorAll('button[aria-label^="Delete contact"]')).toHaveLength(0);
  });

  it("says 'Contact(s) not found.' when the retailer has none", async () => {
    answer = () => ({ status: 200, body: { retailer_contacts: [], totalCount: 0, nextCursor: null } });
    await render(<AddressBook brandId="brand-1" retailerId="ret-1" retailerName="R" canDelete />);
    await settle();
    expect(h.host.textContent).toContain('Contact(s) not found.');
  });

  it('checks the form before sending, sends brand + retailer, toasts and reloads on 200, shows a 409 under the email', async () => {
    let list = [contact(1)];
    answer = (u, method, body) => {
      if (method === 'POST') {
        const b = body as { email: string };
        if (b.email === 'dup@x.test') return { status: 409, body: { message: M.duplicate, code: 'CONFLICT' } };
        list = [...list, { ...contact(9), email: b.email }];
        return { status: 200, body: { message: M.contactAdded, data: list.at(-1) } };
      }
      return { status: 200, body: { retailer_contacts: list, totalCount: list.length, nextCursor: null } };
    };
    await render(<AddressBook brandId="brand-1" retailerId="ret-1" retailerName="R" canDelete />);
    await settle();
    await act(async () => button('Add Contact')!.click());
    await act(async () => dialogButton('Add Contact')!.click());
    await settle();
    const text = document.querySelector('[role="dialog"]')!.textContent!;
    for (const m of [M.firstNameRequired, M.lastNameRequired, M.emailRequired, M.roleRequired]) expect(text).toContain(m);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('First Name', ' Ada ');
    type('Last Name', 'Lovelace');
    type('Email', 'bad@');
    type('Role', 'Buyer');
    await act(async () => dialogButton('Add Contact')!.click());
    await settle();
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain(M.emailInvalid);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('Email', 'dup@x.test');
    await act(async () => dialogButton('Add Contact')!.click());
    await settle();
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain(M.duplicate);
    expect(shown).toContain(`warning:${M.duplicate}`);

    type('Email', 'new@x.test');
    await act(async () => dialogButton('Add Contact')!.click());
    await settle();
    const post = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(post.url.pathname).toBe('/api/addressBooks');
    expect(post.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'new@x.test', role: 'Buyer', brand: 'brand-1', retailer: 'ret-1' });
    expect(shown).toContain(`success:${M.contactAdded}`);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(h.host.textContent).toContain('new@x.test');
  });

  it('deletes after Yes only, with the toast, and reloads', async () => {
    let list = [contact(1), contact(2)];
    answer = (u, method) => {
      if (method === 'DELETE') {
        list = list.filter((c) => !u.pathname.endsWith(`/${c._id}`));
        return { status: 200, body: { message: M.contactDeleted } };
      }
      return { status: 200, body: { retailer_contacts: list, totalCount: list.length, nextCursor: null } };
    };
    await render(<AddressBook brandId="brand-1" retailerId="ret-1" retailerName="R" canDelete />);
    await settle();
    await act(async () => button('Delete contact First1 Last1')!.click());
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain(M.deleteQuestion);
    await act(async () => dialogButton('No')!.click());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await act(async () => button('Delete contact First1 Last1')!.click());
    await act(async () => dialogButton('Yes')!.click());
    await settle();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.pathname).toBe('/api/addressBooks/c1');
    expect(del.url.searchParams.get('brand')).toBe('brand-1');
    expect(shown).toContain(`success:${M.contactDeleted}`);
    expect(h.host.textContent).not.toContain('c1@x.test');
    expect(h.host.textContent).toContain('c2@x.test');
  });
});

describe('EmailHistory', () => {
  const email = { _id: 'e1', subject: 'Issue found on the R website', createdAt: '2026-11-03T15:40:00.000Z', htmlResponse: '<p>Hello <b>there</b></p><script>alert(1)</script>', to: ['a@x.test'], cc: ['cc@x.test'], bcc: ['legal@brand.test', 'audit@brand.test'], attachments: [] };

  it("shows each email's subject and 'Emailed on' MM/DD/YYYY, and previews it in a sandboxed frame", async () => {
    answer = () => ({ status: 200, body: { data: [email], totalCount: 1, nextCursor: null } });
    await render(<EmailHistory scanInfoId="si-1" />);
    await settle();
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ retailer_brand_scraping: 'si-1', page: '1', limit: '25' });
    const d = new Date(email.createdAt);
    const date = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    expect(h.host.textContent).toContain(email.subject);
    expect(h.host.textContent).toContain(`Emailed on ${date}`);
    await act(async () => button(`Preview: ${email.subject}`)!.click());
    const frame = document.querySelector('[role="dialog"] iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('title')).toContain(email.subject);
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello <b>there</b></p>');
    // nothing of the body is in the page itself
    expect(document.querySelector('[role="dialog"] script')).toBeNull();
    // Whom it was blind-copied to (issue 20 §6).
    const meta = [...document.querySelectorAll('[role="dialog"] dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(meta).toContain('BCC: legal@brand.test, audit@brand.test');
  });

  it('a history item of before BCC was kept (no bcc field) previews without a BCC line', async () => {
    const { bcc: _bcc, ...older } = email;
    answer = () => ({ status: 200, body: { data: [older], totalCount: 1, nextCursor: null } });
    await render(<EmailHistory scanInfoId="si-1" />);
    await settle();
    await act(async () => button(`Preview: ${email.subject}`)!.click());
    expect(document.querySelector('[role="dialog"] iframe')).not.toBeNull();
    expect([...document.querySelectorAll('[role="dialog"] dt')].map((dt) => dt.textContent)).not.toContain('BCC');
  });

  it("says 'Email history(s) not found.' when empty, and for a retailer never scanned (404) without an error toast", async () => {
    answer = () => ({ status: 200, body: { data: [], totalCount: 0, nextCursor: null } });
    await render(<EmailHistory scanInfoId="si-1" />);
    await settle();
    expect(h.host.textContent).toContain('Email history(s) not found.');
    answer = () => ({ status: 404, body: { message: M.scanInfoNotFound, code: 'NOT_FOUND' } });
    await render(<EmailHistory scanInfoId="si-unknown" />);
    await settle();
    expect(h.host.textContent).toContain('Email history(s) not found.');
    expect(shown).toEqual([]);
  });
});

describe('previewDocument', () => {
  it('puts the body under a policy that runs no script and loads nothing but images and inline styles', () => {
    const doc = previewDocument('<p>x</p>');
    expect(doc).toContain(`content="default-src 'none'; img-src https: data:; style-src 'unsafe-inline'"`);
    expect(doc).toContain('<body><p>x</p></body>');
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p>x</p>'));
  });
});
