import { PAGE } from '../../shared/constants';
import { route } from '../../shared/routes/lookups';
import { parseSort } from '../../shared/schemas/common';
import { listBrands } from '../brands/brands.repo';
import { requireAdmin } from '../lib/http/auth';
import { httpHandler } from '../lib/http/handler';
import { listAllUsers, listUsersByBrand, type UserRecord } from './users.repo';

const row = (u: UserRecord, brandName?: string) => ({
  _id: u._id,
  name: u.name,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  roles: u.roles,
  brand: u.brand ? { _id: u.brand, name: brandName ?? '' } : null,
  associated_retailers: u.associated_retailers.map((_id) => ({ _id })),
  notify: u.notify,
  status: u.status,
});

/**
 * `?brand=`: the users of one brand (tenant-checked by the wrapper).
 * Otherwise the admin's paged list: keyword on name/email, sort `name|email|brand;asc|desc`.
 */
export const handler = httpHandler(route('listUsers'), async ({ query, auth }) => {
  if (query.brand) {
    const users = await listUsersByBrand(query.brand);
    return { data: users.map((u) => row(u)), totalCount: users.length };
  }
  requireAdmin(auth);
  const [users, brands] = await Promise.all([listAllUsers(), listBrands()]);
  const brandName = new Map(brands.map((b) => [b._id, b.name]));
  const kw = query.keyword?.toLowerCase();
  const rows = users
    .map((u) => row(u, u.brand ? brandName.get(u.brand) : undefined))
    .filter((u) => !kw || u.name.toLowerCase().includes(kw) || u.email.includes(kw) || (u.brand?.name ?? '').toLowerCase().includes(kw));
  const { field, dir } = parseSort(query.sort, PAGE.usersSort);
  const value = (u: (typeof rows)[number]) => (field === 'brand' || field === 'brand.name' ? (u.brand?.name ?? '') : field === 'email' ? u.email : u.name).toLowerCase();
  rows.sort((a, b) => value(a).localeCompare(value(b)) * dir);
  const start = (query.page - 1) * query.limit;
  return { data: rows.slice(start, start + query.limit), totalCount: rows.length };
});
