/**
 * The contact form in jsdom (fetch stubbed at the network edge): the default subject, the empty
 * To list's address-book text, 'Please enter first target email address.' with nothing sent, and
 * a send with a prefilled subject and message (how other features open it) as multipart with
 * the chosen To, the brand CC, the BCC defaults, the products and a request id.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('../../../web/src/lib/notify', () => ({
  notify: {
    success: (m: string) => shown.push(`success:${m}`),
    info: (m: string) => shown.push(`info:${m}`),
    warning: (m: string) => shown.push(`warning:${m}`),
    error: (m: string) => shown.push(`error:${m}`),
    errorList: (t: string, items: string[]) => shown.push(`${t}:${items.join('|')}`),
  },
}));
// The editor is Quill in a browser (covered by the e2e suite); here a textarea stands in for it.
vi.mock('../../../web/src/components/ui/rich-text-editor', () => ({
  RichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const { ContactRetailerForm } = await import('../../../web/src/features/contact/api/contact-retailer');
const { clearSession, setSession } = await import('../../../web/src/lib/session');
type Session = import('../../../web/src/lib/session').Session;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
const posts: { url: URL; body: FormData }[] = [];
let contacts: { _id: string; firstName: string; lastName: string; email: string; role: string }[] = [];

beforeEach(() => {
  posts.length = 0;
  shown.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    let body: unknown = {};
    if (u.pathname.endsWith('/getContactInfoForEmail'))
      body = { data: { data: { User_name: 'Bea', Retailer_name: 'Harrowgate & Finch', Brand_name: 'Maison Aurelle' }, contacts, cc: ['brand@ma.example'], bcc: ['audit@ma.example'], retailer: { _id: 'ret-h', name: 'Harrowgate & Finch' }, brand: { _id: 'brand-1', name: 'Maison Aurelle' } } };
    else if (u.pathname.endsWith('/cannedmessages')) body = { data: [], totalCount: 0 };
    else if (u.pathname.endsWith('/contact_retailer')) {
      posts.push({ url: u, body: init?.body as FormData });
      body = { message: 'Email Sent Successfully.', data: { _id: 'h1', messageId: 'm1' } };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  setSession({ token: 'tok', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: { _id: 'u1', name: 'Bea', roles: [{ name: 'BRAND_ADMIN' }], brand: { _id: 'brand-1', name: 'B' } }, actingBrand: null } as unknown as Session);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  clearSession();
});

const render = (ui: React.ReactNode) => act(() => root.render(<SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>{ui}</SWRConfig>));
const settle = async () => {
  for (let i = 0; i < 8; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
};
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('ContactRetailerForm', () => {
  it('shows the default subject, the address-book text when the retailer has no contacts, and refuses to send without a target', async () => {
    contacts = [];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="product" products={['p1']} />);
    await settle();
    expect((host.querySelector('input[maxlength="200"]') as HTMLInputElement).value).toBe('Issue found on the Harrowgate & Finch website');
    expect(host.textContent).toContain('add contacts in the address book on the CONTACT tab');
    expect(host.textContent).toContain('brand@ma.example');
    await act(async () => button('SEND').click());
    await settle();
    expect(shown).toEqual(['error:Please enter first target email address.']);
    expect(posts).toEqual([]);
  });

  it('sends a prefilled subject and message as multipart: To ticked, CC, BCC defaults, products, a request id', async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="product" products={['p1', 'p2']} initialSubject="Basket export" initialMessage="<p>Links: https://x.example/a.zip</p>" />);
    await settle();
    expect((host.querySelector('input[maxlength="200"]') as HTMLInputElement).value).toBe('Basket export');
    const box = host.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    await act(async () => box.click());
    await act(async () => button('SEND').click());
    await settle();
    expect(posts).toHaveLength(1);
    const f = posts[0]!.body;
    expect(posts[0]!.url.searchParams.get('version')).toBe('1.0.0');
    expect(f.get('subject')).toBe('Basket export');
    expect(f.getAll('to[]')).toEqual(['alice@h.example']);
    expect(f.getAll('cc[]')).toEqual(['brand@ma.example']);
    expect(f.getAll('bcc[]')).toEqual(['audit@ma.example']);
    expect(f.getAll('products[]')).toEqual(['p1', 'p2']);
    expect(f.get('message')).toBe('<p>Links: https://x.example/a.zip</p>');
    expect(f.get('source')).toBe('product');
    expect(f.get('retailer')).toBe('ret-h');
    expect(String(f.get('requestId')).length).toBeGreaterThanOrEqual(8);
    expect(shown).toEqual(['success:Email Sent Successfully.']);
  });
});
