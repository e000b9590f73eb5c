/**
 * The typed contract holds on the wire: what the calls answer on the local stack parses with the
 * response schemas the web's types and the handlers' return types come from
 * (shared/routes/responses.ts), field for field (strict objects: no field the schema does not
 * name, none missing).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asSession, callRoute, login, sentEmails, stack } from '../support/api';
import { expectContract } from '../support/contract';

let admin = '';
beforeAll(async () => {
  admin = await login('admin@demo.test');
});

describe('post-office answers match their response schemas', () => {
  it('list, file, same-period files, comparison page and flag counts of the demo month', async () => {
    const list = await callRoute('listFiles', { token: admin, query: { limit: 50 } });
    expect(list.status).toBe(200);
    expectContract('listFiles', list.body);
    const file = list.body.data.find((f) => f.previousFileId !== null) ?? list.body.data[0];
    expect(file, 'the demo month has files').toBeDefined();
    const fId = file!._id;

    const one = await callRoute('getFile', { token: admin, params: { fId } });
    expectContract('getFile', one.body);
    expect(one.body[0]?._id).toBe(fId);
    expectContract('samePeriodFiles', (await callRoute('samePeriodFiles', { token: admin, params: { fId } })).body);
    const data = await callRoute('getFileData', { token: admin, params: { fId }, query: { page: 1 } });
    expectContract('getFileData', data.body);
    expect(data.body.currentProductData.total).toBe(file!.rowCount);
    expectContract('getFlagValues', (await callRoute('getFlagValues', { token: admin })).body);
  });
});

describe('account answers match their response schemas', () => {
  it('register, validate the activation link, set the password, log in, accept the terms, log out', async () => {
    const email = `contract-${Date.now()}@demo.test`;
    const reg = await callRoute('register', { body: { email, password: 'secret-1', firstName: 'Con', lastName: 'Tract', company: `Contract Co ${Date.now()}` } });
    expect(reg.status).toBe(201);
    expectContract('register', reg.body);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email));
    const token = /activate-account\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1] ?? '';

    const valid = await callRoute('validateToken', { query: { token } });
    expect(valid.status).toBe(200);
    expectContract('validateToken', valid.body);
    expect(valid.body.kind).toBe('activate');
    const reset = await callRoute('resetPassword', { query: { token }, body: { password: 'secret-1' } });
    expect(reset.status).toBe(200);
    expectContract('resetPassword', reset.body);

    const session = await callRoute('login', { body: { email, password: 'secret-1' } });
    expect(session.status).toBe(200);
    expectContract('login', session.body);
    expect(asSession(session.body).user.policyFlag).toBe(true);
    const accepted = await callRoute('updateUserPolicy', { token: asSession(session.body).token, params: { userId: asSession(session.body).user._id }, body: { policyFlag: false } });
    expect(accepted.status).toBe(200);
    expectContract('updateUserPolicy', accepted.body);
    expect(accepted.body.user.policyFlag).toBe(false);
    const out = await callRoute('logout', { token: asSession(session.body).token });
    expect(out.status).toBe(200);
    expectContract('logout', out.body);
  });

  it('forgot password (the same answer for an address without an account)', async () => {
    const res = await callRoute('forgotPassword', { body: { userName: 'Nobody', email: `nobody-${Date.now()}@demo.test` } });
    expect(res.status).toBe(200);
    expectContract('forgotPassword', res.body);
  });
});

describe('look-up answers match their response schemas', () => {
  it('roles, brands, brands for selectors, retailers and both lists of users', async () => {
    for (const id of ['listRoles', 'listBrands', 'listBrandsForSelect', 'listRetailers'] as const) {
      const res = await callRoute(id, { token: admin });
      expect(res.status, id).toBe(200);
      expectContract(id, res.body);
      expect(res.body.data.length, id).toBeGreaterThan(0);
    }
    const paged = await callRoute('listUsers', { token: admin, query: { page: 1, limit: 3 } });
    expectContract('listUsers', paged.body);
    expect(paged.body.data).toHaveLength(3);
    const brand = await callRoute('listUsers', { token: await login('brandadmin@demo.test'), query: { brand: 'brand-maison-aurelle' } });
    expectContract('listUsers', brand.body);
    expect(brand.body.data.map((u) => u.email)).toContain('brandadmin@demo.test');
  });
});

describe('settings and notifications answers match their response schemas', () => {
  it('the threshold settings', async () => {
    const res = await callRoute('getThresholdSettings', { token: admin });
    expect(res.status).toBe(200);
    expectContract('getThresholdSettings', res.body);
  });

  it('a page of notifications, and one marked as it already is (nothing changes)', async () => {
    const page = await callRoute('listNotifications', { token: admin, query: { page: 1, limit: 5 } });
    expect(page.status).toBe(200);
    expectContract('listNotifications', page.body);
    const first = page.body.data[0];
    expect(first, 'the demo month has notifications').toBeDefined();
    const same = await callRoute('updateNotification', { token: admin, params: { id: first!._id }, body: { seenFlag: first!.seenFlag } });
    expect(same.status).toBe(200);
    expectContract('updateNotification', same.body);
    expect(same.body.data).toEqual(first);
  });
});

describe('brand dashboard answers match their response schemas', () => {
  it('summary, retailer records, scan info, periods, retailers, reps and catalog of the demo brand', async () => {
    const brandAdmin = await login('brandadmin@demo.test');
    const brandId = 'brand-maison-aurelle';
    expectContract('getBrandRetailerSummary', (await callRoute('getBrandRetailerSummary', { token: brandAdmin, params: { brandId } })).body);
    const records = await callRoute('listRetailerScrapings', { token: brandAdmin, params: { brandId } });
    expectContract('listRetailerScrapings', records.body);
    const record = records.body.data.find((r) => r._id !== null);
    expect(record, 'the demo brand has a scanned retailer').toBeDefined();
    expectContract('getRetailerScraping', (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId, id: record!.retailer._id } })).body);
    expectContract('getRetailerScraping', (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId, id: record!._id! } })).body);
    expectContract('listBrandPeriods', (await callRoute('listBrandPeriods', { token: brandAdmin, params: { brandId } })).body);
    expectContract('listRetailerPeriods', (await callRoute('listRetailerPeriods', { token: brandAdmin, params: { brandId, retailerId: record!.retailer._id } })).body);
    expectContract('getBrandRetailers', (await callRoute('getBrandRetailers', { token: brandAdmin, params: { brandId } })).body);
    expectContract('getAssignedReps', (await callRoute('getAssignedReps', { token: brandAdmin, query: { brand: brandId } })).body);
    expectContract('getBrandCatalog', (await callRoute('getBrandCatalog', { token: brandAdmin, params: { brandId } })).body);
  });
});

describe('a redirecting route answers as its schema says (shared/schemas/redirect.ts)', () => {
  it("a picture's app link: a 302 to the picture, its Location, and no body", async () => {
    const brandAdmin = await login('brandadmin@demo.test');
    const info = (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId: 'brand-maison-aurelle', id: 'ret-harrowgate' } })).body.data;
    if (info.kind !== 'retailer') throw new Error('ret-harrowgate is not answered as a retailer');
    const res = await fetch(`${stack().url}${info.brand_logo}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/screenshots/brand/');
    // The body as the clients read it (no text: undefined).
    const text = await res.text();
    expectContract('openImage', text === '' ? undefined : text);
  });
});
