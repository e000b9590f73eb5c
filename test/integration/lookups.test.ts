import { describe, expect, it } from 'vitest';
import { api, login } from '../support/api';

describe('look-ups of the spine', () => {
  it('GET /roles lists the three roles for any signed-in user', async () => {
    const res = await api('GET', '/roles', { token: await login('user@demo.test') });
    expect(res.status).toBe(200);
    expect((res.body.data as any[]).map((r) => r.name).sort()).toEqual(['ADMIN', 'BRAND_ADMIN', 'User']);
  });

  it('GET /brands gives the admin every brand with its allowed retailers; /getBrands the names for selectors', async () => {
    const token = await login('admin@demo.test');
    const brands = await api('GET', '/brands', { token });
    const aurelle = (brands.body.data as any[]).find((b) => b._id === 'brand-maison-aurelle');
    expect(aurelle.retailers).toHaveLength(6);
    expect(aurelle.retailers[0]).toMatchObject({ retailer: expect.any(String), flag: true });
    const names = (brands.body.data as any[]).map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const select = await api('GET', '/getBrands', { token });
    expect(select.body.data.find((b: any) => b._id === 'brand-castellane')).toEqual({ _id: 'brand-castellane', name: 'Castellane Paris', slug: 'castellane-paris' });
  });

  it('GET /retailers is sorted by name', async () => {
    const res = await api('GET', '/retailers', { token: await login('admin@demo.test') });
    const names = (res.body.data as any[]).map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(res.body.data.find((r: any) => r.slug === 'harrowgate-finch')).toMatchObject({ name: 'Harrowgate & Finch', optId: 'OPT1001', website: 'https://harrowgate.example' });
  });

  it('GET /users?brand= gives a brand its own users, never another brand', async () => {
    const own = await api('GET', '/users?brand=brand-maison-aurelle', { token: await login('brandadmin@demo.test') });
    expect(own.status).toBe(200);
    const emails = (own.body.data as any[]).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['brandadmin@demo.test', 'user@demo.test', 'newuser@demo.test']));
    expect(emails).not.toContain('castellane@demo.test');
    expect(JSON.stringify(own.body)).not.toMatch(/passwordHash|failedLogins/);
    const other = await api('GET', '/users?brand=brand-maison-aurelle', { token: await login('castellane@demo.test') });
    expect(other.status).toBe(403);
  });

  it('GET /users pages, sorts and searches for the admin only', async () => {
    const token = await login('admin@demo.test');
    const page = await api('GET', '/users?page=1&limit=2&sort=email;asc', { token });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(5);
    const all = await api('GET', '/users?page=1&limit=100&sort=email;asc', { token });
    const emails = (all.body.data as any[]).map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect((page.body.data as any[]).map((u) => u.email)).toEqual(emails.slice(0, 2));
    const byBrand = await api('GET', '/users?limit=100&sort=brand;desc', { token });
    const brandNames = (byBrand.body.data as any[]).map((u) => (u.brand?.name ?? '').toLowerCase());
    expect(brandNames).toEqual([...brandNames].sort().reverse());
    const search = await api('GET', '/users?keyword=castellane', { token });
    expect((search.body.data as any[]).map((u) => u.email)).toContain('castellane@demo.test');
    expect(search.body.data.every((u: any) => `${u.name} ${u.email} ${u.brand?.name}`.toLowerCase().includes('castellane'))).toBe(true);
    expect((await api('GET', '/users', { token: await login('brandadmin@demo.test') })).status).toBe(403);
    expect((await api('GET', '/users?sort=name;sideways', { token })).status).toBe(400);
  });
});
