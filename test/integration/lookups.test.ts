import { describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';

describe('look-ups of the spine', () => {
  it('GET /roles lists the three roles for any signed-in user', async () => {
    const res = await callRoute('listRoles', { token: await login('user@demo.test') });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.name).sort()).toEqual(['ADMIN', 'BRAND_ADMIN', 'User']);
  });

  it('GET /brands gives the admin every brand with its allowed retailers; /getBrands the names for selectors', async () => {
    const token = await login('admin@demo.test');
    const brands = await callRoute('listBrands', { token });
    const aurelle = brands.body.data.find((b) => b._id === 'brand-maison-aurelle');
    expect(aurelle?.retailers).toHaveLength(6);
    expect(aurelle?.retailers[0]).toMatchObject({ retailer: expect.any(String), flag: true });
    const names = brands.body.data.map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const select = await callRoute('listBrandsForSelect', { token });
    expect(select.body.data.find((b) => b._id === 'brand-castellane')).toEqual({ _id: 'brand-castellane', name: 'Castellane Paris', slug: 'castellane-paris' });
  });

  it('GET /retailers is sorted by name', async () => {
    const res = await callRoute('listRetailers', { token: await login('admin@demo.test') });
    const names = res.body.data.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(res.body.data.find((r) => r.slug === 'harrowgate-finch')).toMatchObject({ name: 'Harrowgate & Finch', optId: 'OPT1001', website: 'https://harrowgate.example' });
  });

  it('GET /users?brand= gives a brand its own users, never another brand', async () => {
    const own = await callRoute('listUsers', { token: await login('brandadmin@demo.test'), query: { brand: 'brand-maison-aurelle', limit: 1000 } });
    expect(own.status).toBe(200);
    const emails = own.body.data.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['brandadmin@demo.test', 'user@demo.test', 'newuser@demo.test']));
    expect(emails).not.toContain('castellane@demo.test');
    expect(JSON.stringify(own.body)).not.toMatch(/passwordHash|failedLogins/);
    const other = await callRoute('listUsers', { token: await login('castellane@demo.test'), query: { brand: 'brand-maison-aurelle' } });
    expect(other.status).toBe(403);
  });

  it('GET /users pages, sorts and searches for the admin only', async () => {
    const token = await login('admin@demo.test');
    const page = await callRoute('listUsers', { token, query: { page: 1, limit: 2, sort: 'email;asc' } });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(5);
    const all = await callRoute('listUsers', { token, query: { page: 1, limit: 100, sort: 'email;asc' } });
    const emails = all.body.data.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(page.body.data.map((u) => u.email)).toEqual(emails.slice(0, 2));
    const byBrand = await callRoute('listUsers', { token, query: { limit: 100, sort: 'brand;desc' } });
    const brandNames = byBrand.body.data.map((u) => (u.brand?.name ?? '').toLowerCase());
    expect(brandNames).toEqual([...brandNames].sort().reverse());
    const search = await callRoute('listUsers', { token, query: { keyword: 'castellane' } });
    expect(search.body.data.map((u) => u.email)).toContain('castellane@demo.test');
    expect(search.body.data.every((u) => `${u.name} ${u.email} ${u.brand?.name}`.toLowerCase().includes('castellane'))).toBe(true);
    expect((await callRoute('listUsers', { token: await login('brandadmin@demo.test') })).status).toBe(403);
    expect((await callRoute('listUsers', { token, query: { sort: 'name;sideways' } })).status).toBe(400);
  });
});
