/**
 * The User Retailer List and Permissions in jsdom (fetch stubbed at the network edge): the brands
 * page of 100 with the enabled retailers' names; the checklist sorted by name sending only what
 * changed with the version it was opened on ('Successfully updated'; another admin's save
 * meanwhile: the 409's message in the modal); Permissions' 'Please select retailer.' /
 * 'Please select brand.' before anything is sent, then 20 a page with the Count; Export starts the
 * list's export job (exportFlag=true), shows its progress (queued, building n of N, ready) and
 * once ready toasts and opens the file's link once; a failed job says why and opens nothing.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS_MSG as P } from '../../../shared/messages/permissions';
import { BRAND_MSG } from '../../../shared/schemas/brand-settings';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { UserRetailerAssociationRoute } = await import('../../../web/src/app/routes/admin/user-retailer-association');
const { PermissionsRoute } = await import('../../../web/src/app/routes/admin/permissions');
const { PermissionsResults } = await import('../../../web/src/features/permissions/components/permissions-results');

const h = featureHarness({ user: { _id: 'user-admin', name: 'Ada Admin', roles: [{ name: 'ADMIN' }], brand: null } });
const { calls, render, settle } = h;

const RETAILERS = [
  { _id: 'r-z', name: 'Zeta Store', optId: 'Z', slug: 'zeta', website: 'https://z.example' },
  { _id: 'r-a', name: 'Alpha Store', optId: 'A', slug: 'alpha', website: 'https://a.example' },
  { _id: 'r-m', name: 'Mid Store', optId: 'M', slug: 'mid', website: 'https://m.example' },
];
const BRAND = { _id: 'b1', name: 'Maison Test', slug: 'maison-test', colors: {}, retailersVersion: 3, retailers: [{ retailer: 'r-z', flag: true }, { retailer: 'r-m', flag: false }, { retailer: 'r-a', flag: true }] };
let answer: (r: Req) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => h.answer((r) => answer(r)));

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text)!;
const click = async (el: HTMLElement) => {
  await act(async () => el.click());
  await settle();
};
const select = async (label: string, value: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  const el = document.getElementById(l.htmlFor) as HTMLSelectElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
};
const lookups = (r: Req) => {
  if (r.url.pathname.endsWith('/retailers')) return { status: 200, body: { data: RETAILERS, totalCount: 3, nextCursor: null } };
  if (r.url.pathname.endsWith('/brands')) return { status: 200, body: { data: [BRAND], totalCount: 1, nextCursor: null } };
  if (r.url.pathname.endsWith('/getBrands')) return { status: 200, body: { data: [{ _id: 'b1', name: 'Maison Test', slug: 'maison-test' }] } };
  return undefined;
};

describe('the User Retailer List', () => {
  const screen = () => (
    <MemoryRouter initialEntries={['/admin/user-retailer-association']}>
      <UserRetailerAssociationRoute />
    </MemoryRouter>
  );

  it("asks 100 brands a page and shows each brand's enabled retailers by name", async () => {
    answer = (r) => lookups(r) ?? { status: 404, body: {} };
    await render(screen());
    await settle();
    const list = calls.find((c) => c.url.pathname.endsWith('/brands'))!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ page: '1', limit: '100' });
    expect(document.querySelector('h1')?.textContent).toBe('User Retailer List');
    expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'Allowed Retailer', 'Edit']);
    expect(document.querySelector('.brand-retailers__names')?.textContent).toBe('Alpha Store, Zeta Store');
  });

  it("the checklist: every retailer by name, ticked when enabled; Update sends what changed with the version and toasts 'Successfully updated'", async () => {
    let put: Req | undefined;
    answer = (r) => {
      if (r.method === 'PUT') {
        put = r;
        return { status: 200, body: { message: BRAND_MSG.updated, data: { ...BRAND, retailersVersion: 4 } } };
      }
      return lookups(r) ?? { status: 404, body: {} };
    };
    await render(screen());
    await settle();
    await click(button('Edit the retailers of Maison Test'));
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const labels = [...dialog.querySelectorAll('label')];
    expect(labels.map((l) => l.textContent)).toEqual(['Alpha Store', 'Mid Store', 'Zeta Store']);
    expect(labels.map((l) => (l.querySelector('input') as HTMLInputElement).checked)).toEqual([true, false, true]);
    await click(labels[0]!.querySelector('input')!);
    await click(labels[1]!.querySelector('input')!);
    await click(button('Update'));
    expect(put!.url.pathname).toMatch(/\/brands\/b1$/);
    expect(put!.body).toEqual({ retailers: [{ retailer: 'r-a', flag: false }, { retailer: 'r-m', flag: true }], retailersVersion: 3 });
    expect(shown).toContain(`success:${BRAND_MSG.updated}`);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("another admin's save meanwhile: the 409's message in the modal, which stays open; Cancel closes it", async () => {
    answer = (r) => (r.method === 'PUT' ? { status: 409, body: { message: BRAND_MSG.retailersChangedMeanwhile, code: 'CONFLICT' } } : (lookups(r) ?? { status: 404, body: {} }));
    await render(screen());
    await settle();
    await click(button('Edit the retailers of Maison Test'));
    await click(document.querySelector('[role="dialog"] input[type="checkbox"]') as HTMLElement);
    await click(button('Update'));
    expect(document.querySelector('[role="dialog"] [role="alert"]')?.textContent).toBe(BRAND_MSG.retailersChangedMeanwhile);
    expect(shown.filter((s) => s.startsWith('success:'))).toEqual([]);
    await click(button('Cancel'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('Permissions', () => {
  const screen = () => (
    <MemoryRouter initialEntries={['/admin/permissions']}>
      <PermissionsRoute />
    </MemoryRouter>
  );

  it("says 'Please select retailer.' / 'Please select brand.' before sending anything, then shows the brand's retailers 20 a page with the Count", async () => {
    answer = (r) => {
      if (r.url.pathname.endsWith('/BrandRetailerExport')) {
        const data = Array.from({ length: 20 }, (_, i) => ({ _id: `r${i}`, name: `Store ${i}`, value: i % 2 ? P.no : P.yes }));
        return { status: 200, body: { title: P.brandTitle, data, totalCount: 23, nextCursor: null } };
      }
      return lookups(r) ?? { status: 404, body: {} };
    };
    await render(screen());
    await settle();
    await click(button('Search'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(P.selectRetailer);
    await select('Filter by', 'brand');
    await click(button('Search'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(P.selectBrand);
    expect(calls.some((c) => c.url.pathname.endsWith('/BrandRetailerExport'))).toBe(false);
    await select('Brand', 'b1');
    await click(button('Search'));
    const q = calls.find((c) => c.url.pathname.endsWith('/BrandRetailerExport'))!;
    expect(Object.fromEntries(q.url.searchParams)).toEqual({ brand: 'b1', exportFlag: 'false', limit: '20', page: '1' });
    expect(document.querySelector('h2')?.textContent).toBe(P.brandTitle);
    expect(h.host.textContent).toContain('Count: 23');
    expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Retailer', P.enabledColumn]);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(20);
    expect(button('Page 2')).toBeTruthy();
  });

  it('opened on a search (?brand=): the filter shows that brand once the brands have loaded', async () => {
    answer = (r) => (r.url.pathname.endsWith('/BrandRetailerExport') ? { status: 200, body: { title: P.brandTitle, data: [], totalCount: 0, nextCursor: null } } : (lookups(r) ?? { status: 404, body: {} }));
    await render(
      <MemoryRouter initialEntries={['/admin/permissions?brand=b1']}>
        <PermissionsRoute />
      </MemoryRouter>,
    );
    await settle();
    const value = (label: string) => (document.getElementById([...document.querySelectorAll('label')].find((x) => x.textContent === label)!.htmlFor) as HTMLSelectElement).value;
    expect(value('Filter by')).toBe('brand');
    expect(value('Brand')).toBe('b1');
  });

  describe('Export (a background job: docs/exports.md "Every export is a job")', () => {
    const NAME = 'Alpha Store - Brands Retailer Carries - 2026-11-28.xlsx';
    const job = (over: object) => ({ jobId: 'pj1', status: 'queued', done: 0, total: null, name: NAME, link: null, error: null, ...over });
    const server = { state: {} as object };
    const page = { title: P.retailerTitle, data: [{ _id: 'b1', name: 'Maison Test', value: P.yes }], totalCount: 2400, nextCursor: null };
    const jobAnswers = (first: object) => {
      server.state = first;
      return (r: Req) => {
        if (r.url.pathname.endsWith('/BrandRetailerExport')) {
          if (r.url.searchParams.get('exportFlag') === 'true') return { status: 202, body: { ...job({}), title: P.retailerTitle, url: null, totalCount: 2400 } };
          return { status: 200, body: page };
        }
        if (r.url.pathname.endsWith('/exportFile/pj1')) return { status: 200, body: job(server.state) };
        return { status: 404, body: {} };
      };
    };
    const status = () => h.host.querySelector('[role="status"]');
    const until = async (text: string, rounds = 40) => {
      for (let i = 0; i < rounds && !status()?.textContent?.includes(text); i++) await settle(2);
      expect(status()?.textContent).toContain(text);
    };

    it('starts the job, shows queued, building n of N rows, then ready: a toast and the file opened once', async () => {
      answer = jobAnswers({ status: 'queued' });
      const opened: string[] = [];
      await render(<PermissionsResults filter={{ kind: 'retailer', id: 'r-a' }} page={1} onPage={() => undefined} open={(u) => opened.push(u)} pollMs={1} />);
      await settle();
      expect(status()).toBeNull();
      await click(button('Export'));
      const start = calls.find((c) => c.url.searchParams.get('exportFlag') === 'true')!;
      expect(Object.fromEntries(start.url.searchParams)).toEqual({ retailer: 'r-a', exportFlag: 'true' });
      await until('Export queued…');
      server.state = { status: 'building', done: 2000, total: 2400 };
      await until('Building the export… 2,000 of 2,400 rows');
      expect([h.host.querySelector('progress')!.getAttribute('max'), h.host.querySelector('progress')!.getAttribute('value')]).toEqual(['2400', '2000']);
      expect(opened).toEqual([]);
      server.state = { status: 'ready', done: 2400, total: 2400, link: 'http://app/api/exports/download?token=p1' };
      await until('Export ready (2,400 rows).');
      await settle();
      expect(opened).toEqual(['http://app/api/exports/download?token=p1']);
      expect(shown).toEqual([`success:Export ready: ${NAME}`]);
      const reads = calls.filter((c) => c.url.pathname.endsWith('/exportFile/pj1')).length;
      await settle(6);
      expect(calls.filter((c) => c.url.pathname.endsWith('/exportFile/pj1')).length).toBe(reads);
      expect(opened).toHaveLength(1);
      expect(shown).toHaveLength(1);
    });

    it('a failed job shows its reason and an error toast, and opens nothing', async () => {
      answer = jobAnswers({ status: 'building', done: 0, total: 2400 });
      const opened: string[] = [];
      await render(<PermissionsResults filter={{ kind: 'retailer', id: 'r-a' }} page={1} onPage={() => undefined} open={(u) => opened.push(u)} pollMs={1} />);
      await settle();
      await click(button('Export'));
      await until('Building the export… 0 of 2,400 rows');
      server.state = { status: 'failed', error: 'The export could not be built. Export the list again.' };
      await until('The export could not be built. Export the list again.');
      await settle();
      expect(opened).toEqual([]);
      expect(shown).toEqual(['error:The export could not be built. Export the list again.']);
    });
  });
});
