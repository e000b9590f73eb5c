/**
 * The contact form in jsdom (fetch stubbed at the network edge): the default subject, the empty
 * To list's address-book text, 'Please enter first target email address.' with nothing sent, and
 * a send with a prefilled subject and message (how other features open it) as multipart with
 * the chosen To, the brand CC, the BCC defaults, the products and a request id; colleagues and
 * addresses of the brand's own domain added to CC and BCC, an outside address refused (issue 20 §6).
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));
// The editor is Quill in a browser (covered by the e2e suite); here a textarea stands in for it.
vi.mock('../../../web/src/components/ui/rich-text-editor', () => ({
  RichTextEditor: ({ label, value, onChange, controller }: { label: string; value: string; onChange: (v: string) => void; controller?: { current: unknown } }) => {
    // Quill inserts at the caret; the stand-in appends.
    if (controller) controller.current = { insertText: (t: string) => onChange(`${value}${t}`) };
    return <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
  },
}));

const { ContactRetailerForm } = await import('../../../web/src/features/contact');

const posts: { url: URL; body: FormData }[] = [];
const uploadAsks: { files: { name: string; type: string; size: number }[] }[] = [];
const uploads: FormData[] = [];
let contacts: { _id: string; firstName: string; lastName: string; email: string; role: string }[] = [];

const h = featureHarness();
const { render, settle } = h;
beforeEach(() => {
  posts.length = 0;
  uploadAsks.length = 0;
  uploads.length = 0;
  h.answer(({ url, body }) => {
    if (url.pathname.endsWith('/getContactInfoForEmail'))
      return { status: 200, body: { data: { data: { User_name: 'Bea', Retailer_name: 'Harrowgate & Finch', Brand_name: 'Maison Aurelle' }, contacts, cc: ['brand@ma.example'], bcc: ['audit@ma.example'], colleagues: [{ name: 'Ulysse Durand', email: 'ulysse@demo.test' }], ownDomains: ['ma.example'], retailer: { _id: 'ret-h', name: 'Harrowgate & Finch' }, brand: { _id: 'brand-1', name: 'Maison Aurelle' } } } };
    if (url.pathname.endsWith('/cannedmessages')) return { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
    if (url.pathname.endsWith('/getvariable')) return { status: 200, body: { data: ['{User_name}', '{firstName}', '{lastName}', '{email}', '{role}', '{Retailer_name}', '{Brand_name}'] } };
    if (url.pathname.endsWith('/contact_retailer/attachments')) {
      uploadAsks.push(body as unknown as { files: { name: string; type: string; size: number }[] });
      return { status: 200, body: { data: (body as unknown as { files: { name: string }[] }).files.map((f, i) => ({ key: `uploads/contact/brand-1/u1/k${i}/${f.name}`, name: f.name, url: 'http://s3.test/data', fields: { key: `uploads/contact/brand-1/u1/k${i}/${f.name}`, policy: 'p' } })), expiresAt: '2026-11-28T10:15:00Z' } };
    }
    if (url.host === 's3.test') {
      uploads.push(body as FormData);
      return { status: 200, body: {} };
    }
    if (url.pathname.endsWith('/contact_retailer')) {
      posts.push({ url, body: body as FormData });
      return { status: 200, body: { message: 'Email Sent Successfully.', data: { _id: 'h1', messageId: 'm1' } } };
    }
    return { status: 200, body: {} };
  });
});
const button = (name: string) => [...h.host.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('ContactRetailerForm', () => {
  it('shows the default subject, the address-book text when the retailer has no contacts, and refuses to send without a target', async () => {
    contacts = [];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="product" products={['p1']} />);
    await settle();
    expect((h.host.querySelector('input[maxlength="200"]') as HTMLInputElement).value).toBe('Issue found on the Harrowgate & Finch website');
    expect(h.host.textContent).toContain('add contacts in the address book on the CONTACT tab');
    expect(h.host.textContent).toContain('brand@ma.example');
    await act(async () => button('SEND').click());
    await settle();
    expect(shown).toEqual(['error:Please enter first target email address.']);
    expect(posts).toEqual([]);
  });

  it('sends a prefilled subject and message as multipart: To ticked, CC, BCC defaults, products, a request id', async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="product" products={['p1', 'p2']} initialSubject="Basket export" initialMessage="<p>Links: https://x.example/a.zip</p>" />);
    await settle();
    expect((h.host.querySelector('input[maxlength="200"]') as HTMLInputElement).value).toBe('Basket export');
    const box = h.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
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

  it("inserts a placeholder's value at the caret; a contact's field needs a ticked target first ('Please select target email address.')", async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B<r>', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="brand" initialMessage="Hi " />);
    await settle();
    const select = [...h.host.querySelectorAll('label')].find((l) => l.textContent === 'Insert placeholder')!;
    const el = document.getElementById(select.htmlFor) as HTMLSelectElement;
    const message = h.host.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;
    const choose = (v: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, v);
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
    expect([...el.options].map((o) => o.value).slice(1)).toEqual(['{User_name}', '{firstName}', '{lastName}', '{email}', '{role}', '{Retailer_name}', '{Brand_name}']);
    await choose('{firstName}');
    expect(shown).toEqual(['warning:Please select target email address.']);
    expect(message.value).toBe('Hi ');
    await choose('{Retailer_name}');
    expect(message.value).toBe('Hi Harrowgate & Finch');
    await act(async () => h.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    await choose('{lastName}');
    expect(message.value).toBe('Hi Harrowgate & FinchB<r>');
    expect(el.value).toBe('');
  });

  it("adds a colleague to CC and an address at the brand's own domain to BCC, refuses an outside address, and sends them", async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="brand" initialMessage="<p>Hello</p>" />);
    await settle();
    const adder = (field: 'CC' | 'BCC') => {
      const label = [...h.host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(`Add to ${field}:`))!;
      return document.getElementById(label.htmlFor) as HTMLInputElement;
    };
    const type = (input: HTMLInputElement, v: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type(adder('CC'), 'stranger@evil.example');
    await act(async () => button('Add to CC').click());
    expect(h.host.textContent).toContain("stranger@evil.example cannot be added to CC: copy your brand's users, addresses at your brand's own domain or this retailer's contacts");
    expect(adder('CC').value).toBe('stranger@evil.example');
    await type(adder('CC'), 'ulysse@demo.test');
    await act(async () => button('Add to CC').click());
    expect(h.host.textContent).not.toContain('cannot be added');
    expect(h.host.querySelector('button[aria-label="Remove ulysse@demo.test from CC"]')).not.toBeNull();
    await type(adder('BCC'), 'Legal@MA.example');
    await act(async () => button('Add to BCC').click());
    await act(async () => h.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click()); // To: Alice
    await act(async () => button('SEND').click());
    await settle();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.getAll('cc[]')).toEqual(['brand@ma.example', 'ulysse@demo.test']);
    expect(posts[0]!.body.getAll('bcc[]')).toEqual(['audit@ma.example', 'Legal@MA.example']);
  });

  it('uploads the images first through their upload links, then sends the email naming them (issue 22)', async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="brand" initialMessage="<p>Hello</p>" />);
    await settle();
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'shot.png', { type: 'image/png' });
    const input = h.host.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [picture], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await act(async () => h.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    await act(async () => button('SEND').click());
    await settle();
    expect(uploadAsks).toEqual([{ retailer_brand_scraping: 'period-1', files: [{ name: 'shot.png', type: 'image/png', size: 7 }] }]);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('key')).toBe('uploads/contact/brand-1/u1/k0/shot.png');
    expect(uploads[0]!.get('policy')).toBe('p');
    expect((uploads[0]!.get('file') as File).size).toBe(7);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.getAll('attachment[]')).toEqual(['uploads/contact/brand-1/u1/k0/shot.png']);
    expect(posts[0]!.body.getAll('file[]')).toEqual([]);
  });

  it('an upload S3 refuses stops the send and says which image', async () => {
    contacts = [{ _id: 'c1', firstName: 'Alice', lastName: 'B', email: 'alice@h.example', role: 'Buyer' }];
    await render(<ContactRetailerForm retailerId="ret-h" retailerBrandScraping="period-1" source="brand" initialMessage="<p>Hello</p>" />);
    await settle();
    h.answer(({ url, body }) => {
      if (url.pathname.endsWith('/contact_retailer/attachments')) return { status: 200, body: { data: [{ key: 'k', name: 'shot.png', url: 'http://s3.test/data', fields: {} }], expiresAt: 'x' } };
      if (url.host === 's3.test') return { status: 403, body: {} };
      posts.push({ url, body: body as FormData });
      return { status: 200, body: {} };
    });
    const input = h.host.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array([1])], 'shot.png', { type: 'image/png' })], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await act(async () => h.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    await act(async () => button('SEND').click());
    await settle();
    expect(posts.filter((p) => p.url.pathname.endsWith('/contact_retailer'))).toEqual([]);
    expect(shown).toContain('warning:shot.png could not be uploaded: try again.');
  });
});
