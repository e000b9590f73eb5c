/**
 * Settings → Contacts in jsdom (fetch stubbed): the import wizard's order (steps cannot be
 * skipped; Cancel returns to step 1), its messages ('Please select file.', the header call's
 * message, 'Please select all fields'), the import call's form and the Completed modal whose
 * Continue opens Export Contacts; Export's 'Please import files' with no call; the export as a
 * background job (queued, building n of N rows, then the file downloaded once with 'File
 * downloaded successfully.' and the history read again; a failed job says why); History's empty states.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { ContactsTab } = await import('../../../web/src/features/contacts-import/components/contacts-tab');
const { ExportContacts } = await import('../../../web/src/features/contacts-import/components/export-contacts');
const { guessColumn } = await import('../../../web/src/features/contacts-import/components/import-wizard');
const { canSeeContactsTab } = await import('../../../web/src/features/contacts-import/access');
const { getSession } = await import('../../../web/src/lib/session');

const h = featureHarness();
const { calls, render, settle } = h;

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
const click = (text: string) => act(async () => button(text)!.click());
const alertText = () => [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent).join(' | ');
/** The radio button whose label starts with the text. */
const radio = (text: string) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(text))!.querySelector<HTMLInputElement>('input[type="radio"]')!;
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent?.replace(/^\d\s*/, '').trim();
const selectOf = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  return document.getElementById(l.htmlFor) as HTMLSelectElement;
};
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
async function pickFile(name: string, text: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [new File([text], name, { type: 'text/csv' })], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const HEADERS = ['First Name', 'Last Name', 'Email', 'Store Name', 'Role'];
const done = { importId: 'x', status: 'done', total: 2, done: 2, created: 2, updated: 0, ignored: 0, rejected: 0, fileId: 'x', rejectedFileId: null };

describe('guessColumn', () => {
  it("matches a header to a field by its label or name, case and punctuation aside, else ''", () => {
    expect(guessColumn('firstName', HEADERS)).toBe('First Name');
    expect(guessColumn('lastName', ['LASTNAME'])).toBe('LASTNAME');
    expect(guessColumn('email', ['E-mail'])).toBe('E-mail');
    expect(guessColumn('retailer', HEADERS)).toBe('Store Name');
    expect(guessColumn('role', ['Roles/Responsibilities'])).toBe('Roles/Responsibilities');
    expect(guessColumn('role', ['Title'])).toBe('');
  });
});

describe('canSeeContactsTab', () => {
  it('BRAND_ADMIN and ADMIN, and a User who sees every retailer; not a User with assigned retailers', () => {
    const s = (roles: string[], assigned: string[]) => ({ user: { roles: roles.map((name) => ({ name })), associated_retailers: assigned.map((_id) => ({ _id })) } }) as never;
    expect(canSeeContactsTab(s(['BRAND_ADMIN'], ['r1']))).toBe(true);
    expect(canSeeContactsTab(s(['ADMIN'], []))).toBe(true);
    expect(canSeeContactsTab(s(['User'], []))).toBe(true);
    expect(canSeeContactsTab(s(['User'], ['r1']))).toBe(false);
  });
});

describe('the import wizard', () => {
  it("goes 1 → 2 → 3 only through its buttons, with 'Please select file.', 'Please select all fields' and Cancel back to step 1", async () => {
    h.answer((r) => (r.url.pathname.endsWith('/getAddressBookHeaders') ? { status: 200, body: { data: { data: HEADERS, count: 2 } } } : { status: 200, body: {} }));
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    expect(currentStep()).toBe('Choose Type');
    // The later steps are labels, not controls.
    expect(button('Match Data')).toBeUndefined();
    expect(button('Review')).toBeUndefined();
    expect(document.querySelector('a[download="contacts-sample.csv"]')).not.toBeNull();
    expect(document.querySelector('a[download="contacts-sample.xlsx"]')).not.toBeNull();

    await click('Upload File');
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('Upload CSV file');
    await click('Upload');
    expect(alertText()).toContain('Please select file.');
    expect(calls).toHaveLength(0);

    await pickFile('contacts.csv', 'First Name,Last Name\n');
    await click('Upload');
    await settle();
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toMatch(/\/getAddressBookHeaders$/);
    expect((calls[0]!.body as FormData).get('brand')).toBe('brand-1');
    expect(currentStep()).toBe('Match Data');
    expect(selectOf('First Name').value).toBe('First Name');
    expect(selectOf('Store Name').value).toBe('Store Name');

    await choose(selectOf('Roles/Responsibilities'), '');
    await click('Next');
    expect(alertText()).toBe('Please select all fields');
    expect(currentStep()).toBe('Match Data');
    await choose(selectOf('Roles/Responsibilities'), 'Role');
    await click('Next');
    expect(currentStep()).toBe('Review');
    expect(h.host.textContent).toContain('2 contacts in contacts.csv');
    expect(radio('Ignore').checked).toBe(true);

    await click('Cancel');
    expect(currentStep()).toBe('Choose Type');
  });

  it('shows the header call’s message as an alert when it returns no data, and stays on step 1', async () => {
    h.answer(() => ({ status: 200, body: { message: 'The file has no contacts under its header row.', data: { data: HEADERS, count: 0 } } }));
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    await click('Upload File');
    await pickFile('empty.csv', 'a\n');
    await click('Upload');
    await settle();
    expect(alertText()).toContain('The file has no contacts under its header row.');
    expect(currentStep()).toBe('Choose Type');
  });

  it("imports with the rules, the flag and an import id, toasts, shows 'Completed', and Continue opens Export Contacts", async () => {
    h.answer((r) => {
      if (r.url.pathname.endsWith('/getAddressBookHeaders')) return { status: 200, body: { data: { data: HEADERS, count: 2 } } };
      if (r.method === 'POST') return { status: 200, body: { message: 'Contact imported successfully.', data: done } };
      if (r.url.pathname.includes('getContactCount')) return { status: 200, body: { contactCount: 2 } };
      return { status: 404, body: { message: 'File not found.' } };
    });
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    await click('Upload File');
    await pickFile('contacts.csv', 'x\n');
    await click('Upload');
    await settle();
    await click('Next');
    await act(async () => radio('Update').click());
    await click('Import');
    await settle();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/addressBook/import/brand-1'))!;
    const form = post.body as FormData;
    expect(JSON.parse(String(form.get('rules')))).toEqual({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', retailer: 'Store Name', role: 'Role' });
    expect(form.get('flag')).toBe('update');
    expect(String(form.get('importId'))).toMatch(/^[0-9a-f-]{36}$/);
    expect((form.get('file') as File).name).toBe('contacts.csv');
    expect(shown).toContain('success:Contact imported successfully.');
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Completed');
    expect(dialog.textContent).toContain('Contact tab of each retailer profile');
    await click('Continue');
    await settle();
    expect(document.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Export Contacts');
    expect(h.host.textContent).toContain('Total Contacts: 2');
  });
});

describe('Export Contacts and History', () => {
  it("with no contacts alerts 'Please import files' and calls no export", async () => {
    h.answer((r) => (r.url.pathname.includes('getContactCount') ? { status: 200, body: { contactCount: 0 } } : { status: 500, body: {} }));
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    await act(async () => (document.querySelectorAll('[role="tab"]')[1] as HTMLButtonElement).click());
    await settle();
    expect(h.host.textContent).toContain('Total Contacts: 0');
    await click('CSV');
    expect(alertText()).toBe('Please import files');
    expect(calls.some((c) => c.url.pathname.includes('/addressBook/export/'))).toBe(false);
  });

  it("exports through a job and, once it is ready, downloads the file and toasts 'File downloaded successfully.'", async () => {
    h.answer((r) => {
      if (r.url.pathname.includes('getContactCount')) return { status: 200, body: { contactCount: 3 } };
      if (r.url.pathname.includes('/addressBook/export/')) return { status: 202, body: { data: { jobId: 'cj0', status: 'queued', done: 0, total: null, name: 'Contacts.xlsx', link: null, error: null } } };
      if (r.url.pathname.endsWith('/exportFile/cj0')) return { status: 200, body: { jobId: 'cj0', status: 'ready', done: 3, total: 3, name: 'Contacts.xlsx', link: 'http://localhost/file', error: null } };
      return { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
    });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    await act(async () => (document.querySelectorAll('[role="tab"]')[1] as HTMLButtonElement).click());
    await settle();
    await click('Excel');
    await settle();
    const call = calls.find((c) => c.url.pathname.endsWith('/addressBook/export/brand-1'))!;
    expect(call.url.searchParams.get('fileType')).toBe('xlsx');
    expect(shown).toContain('success:File downloaded successfully.');
    expect(clicks).toHaveBeenCalled();
    clicks.mockRestore();
  });

  describe('the export job', () => {
    const NAME = 'Contacts - Maison Test - 2026-11-28.csv';
    const job = (over: object) => ({ jobId: 'cj1', status: 'queued', done: 0, total: null, name: NAME, link: null, error: null, ...over });
    const server = { state: {} as object };
    const jobAnswers = (first: object) => {
      server.state = first;
      h.answer((r) => {
        if (r.url.pathname.includes('getContactCount')) return { status: 200, body: { contactCount: 2600 } };
        if (r.url.pathname.includes('/addressBook/export/')) return { status: 202, body: { data: job({}) } };
        if (r.url.pathname.endsWith('/exportFile/cj1')) return { status: 200, body: job(server.state) };
        return { status: 200, body: { data: [], totalCount: 0, nextCursor: null } };
      });
    };
    const status = () => h.host.querySelector('[role="status"]');
    const until = async (text: string, rounds = 40) => {
      for (let i = 0; i < rounds && !status()?.textContent?.includes(text); i++) await settle(2);
      expect(status()?.textContent).toContain(text);
    };

    it('shows queued, building n of N rows, then ready: the file downloaded once under its name, the toast once, the count and history read again', async () => {
      jobAnswers({ status: 'queued' });
      const saved: [string, string][] = [];
      await render(<ExportContacts brandId="brand-1" save={(u, n) => saved.push([u, n])} pollMs={1} />);
      await settle();
      await click('CSV');
      expect(calls.find((c) => c.url.pathname.endsWith('/addressBook/export/brand-1'))!.url.searchParams.get('fileType')).toBe('csv');
      await until('Export queued…');
      server.state = { status: 'building', done: 1000, total: 2600 };
      await until('Building the export… 1,000 of 2,600 rows');
      expect(saved).toEqual([]);
      expect(shown).toEqual([]);
      const countReads = () => calls.filter((c) => c.url.pathname.includes('getContactCount')).length;
      const before = countReads();
      server.state = { status: 'ready', done: 2600, total: 2600, link: 'http://localhost/contacts.csv' };
      await until('Export ready (2,600 rows).');
      await settle();
      expect(saved).toEqual([['http://localhost/contacts.csv', NAME]]);
      expect(shown).toEqual(['success:File downloaded successfully.']);
      expect(countReads()).toBeGreaterThan(before);
      await settle(6);
      expect(saved).toHaveLength(1);
      expect(shown).toHaveLength(1);
    });

    it('a failed job says why and downloads nothing', async () => {
      jobAnswers({ status: 'building', done: 0, total: 2600 });
      const saved: [string, string][] = [];
      await render(<ExportContacts brandId="brand-1" save={(u, n) => saved.push([u, n])} pollMs={1} />);
      await settle();
      await click('Excel');
      await until('Building the export… 0 of 2,600 rows');
      server.state = { status: 'failed', error: 'The export could not be built. Export the list again.' };
      await until('The export could not be built. Export the list again.');
      await settle();
      expect(saved).toEqual([]);
      expect(shown).toEqual(['error:The export could not be built. Export the list again.']);
    });
  });

  it("lists no files as 'No Files Downloaded' and 'No Files Uploaded'", async () => {
    h.answer(() => ({ status: 200, body: { data: [], totalCount: 0, nextCursor: null } }));
    await render(<ContactsTab session={getSession()!} />);
    await settle();
    await act(async () => (document.querySelectorAll('[role="tab"]')[2] as HTMLButtonElement).click());
    await settle();
    expect(h.host.textContent).toContain('No Files Downloaded');
    expect(h.host.textContent).toContain('No Files Uploaded');
    const q = calls.map((c) => Object.fromEntries(c.url.searchParams));
    expect(q).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'addressBook', uploadType: 'export' }), expect.objectContaining({ type: 'addressBook', uploadType: 'import' })]));
  });
});
