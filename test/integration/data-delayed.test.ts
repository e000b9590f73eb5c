/**
 * The brands' "data delayed since" (issue 25) through the real handlers against the local stack:
 * a retailer's product robot health item says since when its data is delayed (late or stuck), as
 * the backend's daily check and ingest write it, then refresh the brand's row of the retailer
 * (functions/scrapings/brand-rows.repo.ts refreshBrandRow). The Retailer List records (the
 * summary tiles and the list) and the retailer scan info (the retailer page's head) carry it as
 * `delayedSince` / `delayedKind`, null for the others; it clears with the health item; a retailer
 * whose row was never refreshed says it too (its row built from the sources). The answers match
 * their response schemas, strictly.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { expectContract } from '../support/contract';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-delay-${tag}`, name: `Delay House ${tag}`, slug: `delay-house-${tag}` };
const R = ['late', 'stuck', 'fine', 'unrefreshed'].map((k) => ({ _id: `ret-delay-${k}-${tag}`, name: `Delay ${k} ${tag}`, optId: `DL${k.slice(0, 3)}${tag}`.toUpperCase(), slug: `delay-${k}-${tag}`, website: 'https://delay.example' }));
const [LATE, STUCK, FINE, UNREFRESHED] = R.map((r) => r._id) as [string, string, string, string];

let admin = '';
let rows: typeof import('../../functions/scrapings/brand-rows.repo');
let ddb: typeof import('../../functions/lib/clients/dynamodb').ddb;
let tableName = '';

/** The retailer's product robot health item, as the backend keeps it (only the field the brand row reads matters here). */
const putHealth = (retailer: string, delayed?: { since: string; kind: 'late' | 'stuck' }) =>
  ddb.send(new PutCommand({ TableName: tableName, Item: { pk: `ROBOT#${retailer}#product`, sk: 'HEALTH', entity: 'RobotHealth', retailer, type: 'product', ...(delayed ? { delayed } : {}) } }));

type Rec = { retailer: { _id: string }; delayedSince: string | null; delayedKind: string | null };
async function listed(): Promise<Map<string, Rec>> {
  const res = await callRoute('listRetailerScrapings', { params: { brandId: B._id }, query: { limit: 25 }, token: admin });
  expect(res.status).toBe(200);
  expectContract('listRetailerScrapings', res.body);
  return new Map((res.body.data as Rec[]).map((r) => [r.retailer._id, r]));
}
async function scanInfo(retailer: string) {
  const res = await callRoute('getRetailerScraping', { params: { brandId: B._id, id: retailer }, token: admin });
  expect(res.status).toBe(200);
  expectContract('getRetailerScraping', res.body);
  const data = res.body.data;
  if (data.kind !== 'retailer') throw new Error('not the retailer scan info');
  return data;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  rows = await import('../../functions/scrapings/brand-rows.repo');
  ({ ddb } = await import('../../functions/lib/clients/dynamodb'));
  tableName = (await import('../../functions/lib/table')).table.name;
  await seedBrand(B, R, R.map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })));
  admin = await login('admin@demo.test');
  await putHealth(LATE, { since: '2026-11-02', kind: 'late' });
  await putHealth(STUCK, { since: '2026-11-21', kind: 'stuck' });
  await putHealth(FINE);
  await putHealth(UNREFRESHED, { since: '2026-11-15', kind: 'late' });
  await rows.refreshBrandRows(B._id, [LATE, STUCK, FINE]);
});

afterAll(async () => {
  for (const r of R) await ddb.send(new DeleteCommand({ TableName: tableName, Key: { pk: `ROBOT#${r._id}#product`, sk: 'HEALTH' } }));
});

describe('data delayed since, on the brand side', () => {
  it('the Retailer List records (tiles and list) carry it from the brand rows; null where the data is not delayed', async () => {
    const byId = await listed();
    expect([LATE, STUCK, FINE, UNREFRESHED].map((id) => [byId.get(id)?.delayedSince, byId.get(id)?.delayedKind])).toEqual([
      ['2026-11-02', 'late'],
      ['2026-11-21', 'stuck'],
      [null, null],
      // Never refreshed: its row is built from the sources, health item included.
      ['2026-11-15', 'late'],
    ]);
  });

  it("the retailer scan info (the retailer page's head) carries it too", async () => {
    expect(await scanInfo(LATE)).toMatchObject({ delayedSince: '2026-11-02', delayedKind: 'late' });
    expect(await scanInfo(STUCK)).toMatchObject({ delayedSince: '2026-11-21', delayedKind: 'stuck' });
    expect(await scanInfo(FINE)).toMatchObject({ delayedSince: null, delayedKind: null });
    expect(await scanInfo(UNREFRESHED)).toMatchObject({ delayedSince: '2026-11-15', delayedKind: 'late' });
  });

  it('clears when the robot recovers (the health item loses `delayed` and the row is refreshed), and moves with it', async () => {
    await putHealth(LATE);
    await putHealth(FINE, { since: '2026-11-27', kind: 'late' });
    await rows.refreshBrandRows(B._id, [LATE, FINE]);
    const byId = await listed();
    expect([byId.get(LATE)?.delayedSince, byId.get(FINE)?.delayedSince, byId.get(STUCK)?.delayedSince]).toEqual([null, '2026-11-27', '2026-11-21']);
    expect(await scanInfo(LATE)).toMatchObject({ delayedSince: null, delayedKind: null });
    expect(await scanInfo(FINE)).toMatchObject({ delayedSince: '2026-11-27', delayedKind: 'late' });
  });

  it('a brand user sees it as the admin does', async () => {
    const brandAdmin = `delay-admin-${tag}@demo.test`;
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    await createUser(testUser({ _id: `user-delay-${tag}`, name: `Delay Admin ${tag}`, email: brandAdmin, passwordHash: await hashPassword('Delay-2031!'), brand: B._id, roles: [TEST_ROLES.BRAND_ADMIN], associated_retailers: [], notify: false }));
    const token = await login(brandAdmin, 'Delay-2031!');
    const res = await callRoute('listRetailerScrapings', { params: { brandId: B._id }, query: { limit: 25 }, token });
    expect(res.status).toBe(200);
    const stuck = (res.body.data as Rec[]).find((r) => r.retailer._id === STUCK);
    expect([stuck?.delayedSince, stuck?.delayedKind]).toEqual(['2026-11-21', 'stuck']);
  });
});
