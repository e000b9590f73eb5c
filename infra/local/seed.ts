/**
 * Demo data for the local stack, written once and idempotently: every item has a fixed id and is
 * only put when absent, so a second `npm start` (or a second seed run) changes nothing.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_COLORS, ROLE, type RoleName, type WebsiteType } from '../../shared/constants';
import { ddb } from '../../functions/lib/clients/dynamodb';
import { hashPassword } from '../../functions/lib/password';
import { brandNameKey } from '../../functions/brands/brands.repo';
import { key, sortName, table } from '../../functions/lib/table';
import { newUserRecord, roleRef } from '../../functions/users/new-user';
import { createUser, getUserByEmail } from '../../functions/users/users.repo';

export const DEMO_PASSWORD = 'Demo-2026!';

export const SEED_ROLES: { _id: string; name: RoleName }[] = [
  { _id: 'role-admin', name: ROLE.ADMIN },
  { _id: 'role-brand-admin', name: ROLE.BRAND_ADMIN },
  { _id: 'role-user', name: ROLE.USER },
];

export const SEED_RETAILERS: { _id: string; name: string; optId: string; slug: string; website: string; webSiteType: WebsiteType }[] = [
  { _id: 'ret-harrowgate', name: 'Harrowgate & Finch', optId: 'OPT1001', slug: 'harrowgate-finch', website: 'https://harrowgate.example', webSiteType: 'retailerWithProducts' },
  { _id: 'ret-lumiere', name: 'Lumière Boutique', optId: 'OPT1002', slug: 'lumiere-boutique', website: 'https://lumiere.example', webSiteType: 'retailerWithProducts' },
  { _id: 'ret-northbay', name: 'Northbay Luxury', optId: 'OPT1003', slug: 'northbay-luxury', website: 'https://northbay.example', webSiteType: 'retailerWithProductsandModule' },
  { _id: 'ret-saint-clair', name: 'Saint-Clair Jewelers', optId: 'OPT1004', slug: 'saint-clair-jewelers', website: 'https://saintclair.example', webSiteType: 'retailerWithModule' },
  { _id: 'ret-vellani', name: 'Vellani Fine Goods', optId: 'OPT1005', slug: 'vellani-fine-goods', website: 'https://vellani.example', webSiteType: 'retailerWithoutProducts' },
  { _id: 'ret-orchard', name: 'Orchard Row', optId: 'OPT1006', slug: 'orchard-row', website: 'https://orchardrow.example', webSiteType: 'retailerWithProducts' },
];

export const SEED_BRANDS = [
  {
    _id: 'brand-maison-aurelle',
    name: 'Maison Aurelle',
    slug: 'maison-aurelle',
    contact: { email: 'brand@maison-aurelle.example', name: 'Claire Aurelle' },
    colors: { ...DEFAULT_COLORS },
    company_email_bcc: 'audit@maison-aurelle.example',
    retailers: SEED_RETAILERS.map((r) => ({ retailer: r._id, flag: true, webSiteType: r.webSiteType })),
  },
  {
    _id: 'brand-castellane',
    name: 'Castellane Paris',
    slug: 'castellane-paris',
    contact: { email: 'brand@castellane.example', name: 'Luc Castellane' },
    colors: { bgColor: '#1f2a44', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#1f2a44' },
    company_email_bcc: '',
    retailers: SEED_RETAILERS.slice(0, 3).map((r) => ({ retailer: r._id, flag: true, webSiteType: r.webSiteType })),
  },
];

export const DEMO_ACCOUNTS: { _id: string; email: string; firstname: string; lastname: string; role: RoleName; brand: string | null; retailers: string[]; policyFlag: boolean }[] = [
  { _id: 'user-admin', email: 'admin@demo.test', firstname: 'Ada', lastname: 'Admin', role: ROLE.ADMIN, brand: null, retailers: [], policyFlag: false },
  { _id: 'user-brandadmin', email: 'brandadmin@demo.test', firstname: 'Béatrice', lastname: 'Marchand', role: ROLE.BRAND_ADMIN, brand: 'brand-maison-aurelle', retailers: [], policyFlag: false },
  { _id: 'user-user', email: 'user@demo.test', firstname: 'Ulysse', lastname: 'Durand', role: ROLE.USER, brand: 'brand-maison-aurelle', retailers: ['ret-harrowgate', 'ret-lumiere'], policyFlag: false },
  { _id: 'user-newuser', email: 'newuser@demo.test', firstname: 'Nina', lastname: 'Nouvelle', role: ROLE.USER, brand: 'brand-maison-aurelle', retailers: [], policyFlag: true },
  { _id: 'user-castellane', email: 'castellane@demo.test', firstname: 'Luc', lastname: 'Castellane', role: ROLE.BRAND_ADMIN, brand: 'brand-castellane', retailers: [], policyFlag: false },
];

/** PutItem only when the key is absent; true when written. */
async function putIfAbsent(item: Record<string, unknown> & { pk: string; sk: string }): Promise<boolean> {
  const existing = await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: item.pk, sk: item.sk } }));
  if (existing.Item) return false;
  await ddb.send(new PutCommand({ TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })).catch((e: Error) => {
    if (e.name !== 'ConditionalCheckFailedException') throw e;
  });
  return true;
}

export async function seed(log: (m: string) => void = () => undefined): Promise<{ written: number }> {
  const now = new Date().toISOString();
  let written = 0;
  for (const r of SEED_ROLES) {
    if (await putIfAbsent({ ...key.role(r._id), entity: 'Role', gsi1pk: 'ROLES', gsi1sk: r.name, ...r })) written++;
  }
  for (const r of SEED_RETAILERS) {
    const { webSiteType: _w, ...retailer } = r;
    const item = { ...key.retailer(r._id), entity: 'Retailer', gsi1pk: 'RETAILERS', gsi1sk: `${sortName(r.name)}#${r._id}`, ...retailer, createdAt: now, updatedAt: now };
    if (await putIfAbsent(item)) written++;
    // The slug reservation robot drops are resolved through (also added to data seeded before it existed).
    if (await putIfAbsent({ ...key.slug('RETAILER', r.slug), entity: 'RetailerSlug', retailerId: r._id, slug: r.slug })) written++;
  }
  // Opt ID and name reservations and the retailer count (admin Retailer List), also for data seeded before they existed.
  await (await import('../../functions/retailers/retailers.repo')).backfillRetailerIndex(log);
  for (const b of SEED_BRANDS) {
    if (await putIfAbsent({ ...key.brand(b._id), entity: 'Brand', gsi1pk: 'BRANDS', gsi1sk: `${sortName(b.name)}#${b._id}`, ...b, createdAt: now, updatedAt: now })) written++;
    // Slug (on-hand feeds) and display-name reservations: no registration can take or imitate them.
    if (await putIfAbsent({ ...key.slug('BRAND', b.slug), entity: 'BrandSlug', brandId: b._id, slug: b.slug })) written++;
    if (await putIfAbsent({ ...key.brandName(brandNameKey(b.name)), entity: 'BrandName', brandId: b._id, name: b.name })) written++;
  }
  // The index of brands per retailer and its counts (admin Permissions), also for data seeded before it existed.
  const { backfillRetailerBrandIndex } = await import('../../functions/brands/retailer-brands.repo');
  const { listBrands } = await import('../../functions/brands/brands.repo');
  const { listRetailers } = await import('../../functions/retailers/retailers.repo');
  await backfillRetailerBrandIndex(await listBrands(), (await listRetailers()).map((r) => r._id));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const a of DEMO_ACCOUNTS) {
    if (await getUserByEmail(a.email)) continue;
    const role = SEED_ROLES.find((r) => r.name === a.role)!;
    await createUser(newUserRecord({ _id: a._id, firstname: a.firstname, lastname: a.lastname, email: a.email, passwordHash, roles: [roleRef(role)], brand: a.brand, associated_retailers: a.retailers, policyFlag: a.policyFlag, status: 'active' }));
    written++;
  }
  // Canned messages of the contact form (issue 9).
  const { seedCannedMessages } = await import('./demo-canned');
  written += await seedCannedMessages();
  log(written ? `Seeded ${written} demo item(s).` : 'Demo data already present: nothing to seed.');
  return { written };
}
