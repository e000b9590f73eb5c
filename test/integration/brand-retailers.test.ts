/**
 * The brand dashboard's retailer look-ups against the local stack: GET /getRetailers/{brandId}
 * (the top bar's 'Select a Retailer'; 001 §7 "filtered by optId") and GET /getAssignedReps?brand=
 * (ADMIN and BRAND_ADMIN only, 000 §6), on a brand, retailers and users of this file's own, so
 * the lists are exact whatever else the stack holds. The response schemas of the summary reads
 * are checked on the same brand.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedRepsResponse, brandRetailersResponse, brandSummaryResponse, listRetailerScrapingsResponse } from '../../shared/schemas/retailer-scrapings';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { seedBrand } from '../support/brands';
import { callRoute, errorBody, login, stack } from '../support/api';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-br-${tag}`, name: `Retail Looks ${tag}`, slug: `retail-looks-${tag}` };
const retailer = (n: string, name: string) => ({ _id: `ret-br${n}-${tag}`, name: `${name} ${tag}`, optId: `BR${n}${tag}`.toUpperCase(), slug: `br${n}-${tag}`, website: `https://br${n}.example` });
// Names chosen so that the order by name differs from the order of creation.
const R1 = retailer('1', 'Zephyr House');
const R2 = retailer('2', 'Aster Rooms');
const R3 = retailer('3', 'Mallow Lane');
/** Carried once but switched off (flag false): never listed. */
const ROFF = retailer('4', 'Bygone Store');
const PASSWORD = 'Brtest-2031!';
const users = {
  rep1: { _id: `user-br-rep1-${tag}`, email: `br-rep1-${tag}@demo.test`, name: 'Rhea Rep', associated_retailers: [R1._id] },
  rep2: { _id: `user-br-rep2-${tag}`, email: `br-rep2-${tag}@demo.test`, name: 'Anton Rep', associated_retailers: [R2._id, ROFF._id] },
  /** Assigned only the switched-off retailer: not a rep of anything the brand carries. */
  offOnly: { _id: `user-br-off-${tag}`, email: `br-off-${tag}@demo.test`, name: 'Olive Off', associated_retailers: [ROFF._id] },
  admin: { _id: `user-br-admin-${tag}`, email: `br-admin-${tag}@demo.test`, name: 'Bea Admin', role: 'BRAND_ADMIN' },
  gone: { _id: `user-br-gone-${tag}`, email: `br-gone-${tag}@demo.test`, name: 'Gus Gone', associated_retailers: [R1._id], gone: true },
} satisfies Record<string, AccountSpec>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, [R1, R2, R3, ROFF], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: R2._id, flag: true, webSiteType: 'retailerWithModule' },
    { retailer: R3._id, flag: true, webSiteType: 'retailerWithoutProducts' },
    { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
  ]);
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users));
  tokens.siteAdmin = await login('admin@demo.test');
  tokens.maAdmin = await login('brandadmin@demo.test');
  tokens.cpAdmin = await login('castellane@demo.test');
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('GET /getRetailers/{brandId}', () => {
  it("lists the brand's enabled retailers by name with their website type (a brand admin, an ADMIN acting for the brand)", async () => {
    for (const token of [tokens.admin, tokens.siteAdmin]) {
      const res = await callRoute('getBrandRetailers', { token, params: { brandId: B._id } });
      expect(res.status).toBe(200);
      const body = brandRetailersResponse.strict().parse(res.body);
      expect(body.data).toEqual([
        { _id: R2._id, name: R2.name, optId: R2.optId, slug: R2.slug, website: R2.website, webSiteType: 'retailerWithModule' },
        { _id: R3._id, name: R3.name, optId: R3.optId, slug: R3.slug, website: R3.website, webSiteType: 'retailerWithoutProducts' },
        { _id: R1._id, name: R1.name, optId: R1.optId, slug: R1.slug, website: R1.website, webSiteType: 'retailerWithProducts' },
      ]);
      expect(body.totalCount).toBe(3);
    }
  });

  it('gives a User with assigned retailers only those (a switched-off one never)', async () => {
    expect(names((await callRoute('getBrandRetailers', { token: tokens.rep1, params: { brandId: B._id } })).body.data)).toEqual([R1.name]);
    expect(names((await callRoute('getBrandRetailers', { token: tokens.rep2, params: { brandId: B._id } })).body.data)).toEqual([R2.name]);
    expect((await callRoute('getBrandRetailers', { token: tokens.offOnly, params: { brandId: B._id } })).body).toEqual({ data: [], totalCount: 0 });
  });

  it('filters by Opt ID, case-insensitive, within what the caller sees', async () => {
    const res = await callRoute('getBrandRetailers', { token: tokens.admin, params: { brandId: B._id }, query: { optId: R3.optId.toLowerCase() } });
    expect(names(res.body.data)).toEqual([R3.name]);
    // The User assigned R1 asks for R3's Opt ID: nothing, not R3.
    expect((await callRoute('getBrandRetailers', { token: tokens.rep1, params: { brandId: B._id }, query: { optId: R3.optId } })).body).toEqual({ data: [], totalCount: 0 });
    expect((await callRoute('getBrandRetailers', { token: tokens.admin, params: { brandId: B._id }, query: { optId: ROFF.optId } })).body.data).toEqual([]);
  });

  it("refuses another brand's accounts, a look-alike brand id, an unknown brand and bad input", async () => {
    for (const token of [tokens.maAdmin, tokens.cpAdmin]) {
      const res = await callRoute('getBrandRetailers', { token, params: { brandId: B._id } });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(R1.name);
    }
    // The brand's own users with a brand id that only looks like theirs.
    for (const brandId of [B._id.toUpperCase(), `${B._id}-x`, B.slug]) expect((await callRoute('getBrandRetailers', { token: tokens.admin, params: { brandId } })).status).toBe(403);
    const unknown = await callRoute('getBrandRetailers', { token: tokens.siteAdmin, params: { brandId: `brand-none-${tag}` } });
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { message: string }).message).toBe('Brand not found.');
    expect((await callRoute('getBrandRetailers', { params: { brandId: '../brand-maison-aurelle' }, token: tokens.siteAdmin })).status).toBe(400);
    const long = await callRoute('getBrandRetailers', { token: tokens.admin, params: { brandId: B._id }, query: { optId: 'X'.repeat(65) } });
    expect(long.status).toBe(400);
    expect((long.body as unknown as { message: string }).message).toContain('Too Long!');
    expect((await callRoute('getBrandRetailers', { token: tokens.admin, params: { brandId: B._id }, query: { optId: ' ' } })).status).toBe(400);
  });

  it("answers 401 without a token and to a deleted user's token", async () => {
    expect((await callRoute('getBrandRetailers', { params: { brandId: B._id } })).status).toBe(401);
    expect((await callRoute('getBrandRetailers', { token: tokens.gone, params: { brandId: B._id } })).status).toBe(401);
  });
});

describe('GET /getAssignedReps?brand=', () => {
  it("lists the brand's users with assigned retailers it still carries, by name (ADMIN and BRAND_ADMIN)", async () => {
    for (const token of [tokens.admin, tokens.siteAdmin]) {
      const res = await callRoute('getAssignedReps', { token, query: { brand: B._id } });
      expect(res.status).toBe(200);
      const body = assignedRepsResponse.strict().parse(res.body);
      expect(body.data).toEqual([
        { _id: users.rep2._id, name: users.rep2.name, retailers: [R2._id] },
        { _id: users.rep1._id, name: users.rep1.name, retailers: [R1._id] },
      ]);
      expect(body.totalCount).toBe(2);
    }
  });

  it('is refused to a plain User (000 §6), to other brands and to a look-alike brand', async () => {
    const user = await callRoute('getAssignedReps', { token: tokens.rep1, query: { brand: B._id } });
    expect(user.status).toBe(403);
    expect(JSON.stringify(user.body)).not.toContain(users.rep2.name);
    for (const token of [tokens.maAdmin, tokens.cpAdmin]) expect((await callRoute('getAssignedReps', { token, query: { brand: B._id } })).status).toBe(403);
    expect((await callRoute('getAssignedReps', { token: tokens.admin, query: { brand: B._id.toUpperCase() } })).status).toBe(403);
    expect((await callRoute('getAssignedReps', { token: tokens.siteAdmin, query: { brand: `brand-none-${tag}` } })).status).toBe(404);
  });

  it('says what is wrong with the query', async () => {
    const missing = await callRoute('getAssignedReps', { token: tokens.siteAdmin });
    expect(missing.status).toBe(400);
    expect(errorBody(missing).message).toContain('brand is required.');
    const bad = await callRoute('getAssignedReps', { query: { brand: 'brand x' }, token: tokens.siteAdmin });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).message).toContain('Invalid id.');
    expect((await callRoute('getAssignedReps', { token: tokens.gone, query: { brand: B._id } })).status).toBe(401);
  });
});

describe('the summary reads on a brand with no scan yet', () => {
  it('answer their schemas: zero totals, a record per visible retailer with N/A dates, Total Retailers counting them all', async () => {
    const summary = await callRoute('getBrandRetailerSummary', { token: tokens.admin, params: { brandId: B._id } });
    // The three retailers the brand lists are the websites it audits, scanned or not ('You are currently auditing 3 websites').
    expect(brandSummaryResponse.strict().parse(summary.body)).toEqual({ totalProducts: { current: 0, prev: 0 }, flaggedProducts: { current: 0, prev: 0 }, totalRetailers: { current: 3, prev: 3 } });
    const records = await callRoute('listRetailerScrapings', { token: tokens.admin, params: { brandId: B._id } });
    const body = listRetailerScrapingsResponse.parse(records.body);
    expect(body.data.map((r) => [r.retailer.name, r.brand_retailer.webSiteType, r._id, r.approvedDate, r.totalProducts])).toEqual([
      [R2.name, 'retailerWithModule', null, null, 0],
      [R3.name, 'retailerWithoutProducts', null, null, 0],
      [R1.name, 'retailerWithProducts', null, null, 0],
    ]);
    expect(body.data.map((r) => r.nextScan)).toEqual([{ state: 'none' }, { state: 'none' }, { state: 'none' }]);
    expect(body.data.find((r) => r.retailer._id === R1._id)?.users).toEqual([users.rep1.name]);
    const mine = await callRoute('listRetailerScrapings', { token: tokens.rep2, params: { brandId: B._id } });
    expect(mine.body.data.map((r) => [r.retailer._id, r.users])).toEqual([[R2._id, []]]);
  });
});
