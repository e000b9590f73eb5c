/**
 * Issue 20 §7: the terms are enforced by the API, not only by the web. A brand user who has not
 * accepted them gets 403 `TERMS_NOT_ACCEPTED` ('Please accept the Terms & Conditions to
 * continue.') from every brand-data route; reading and accepting the terms and logging out stay
 * open; accepting lets the same session in. (test/security/routes.test.ts walks every route.)
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TERMS_NOT_ACCEPTED } from '../../shared/constants';
import { type ApiResult, asSession, callRoute, errorBody, login, stack } from '../support/api';
import { signedInAccounts } from '../support/accounts';

const tag = randomBytes(4).toString('hex');
const BRAND = 'brand-maison-aurelle';
const PASSWORD = 'Terms-2026!';
let tokens: Record<'pending' | 'pendingAdmin' | 'pendingOther', string>;
const ids = { pending: `user-terms-${tag}`, pendingAdmin: `user-terms-admin-${tag}`, pendingOther: `user-terms-2-${tag}` };

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  tokens = await signedInAccounts(BRAND, PASSWORD, {
    pending: { _id: ids.pending, email: `terms-${tag}@demo.test`, role: 'BRAND_ADMIN', policyFlag: true },
    pendingAdmin: { _id: ids.pendingAdmin, email: `terms-admin-${tag}@demo.test`, role: 'ADMIN', policyFlag: true },
    pendingOther: { _id: ids.pendingOther, email: `terms-2-${tag}@demo.test`, policyFlag: true },
  });
});

const expectTermsError = (res: ApiResult) => {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(errorBody(res)).toEqual({ message: 'Please accept the Terms & Conditions to continue.', code: TERMS_NOT_ACCEPTED });
};

describe('a brand user who has not accepted the terms', () => {
  it('newuser@demo.test reads no brand data: GET /RetailerScraping/{brandId} answers the terms error, not 200', async () => {
    const token = await login('newuser@demo.test');
    expectTermsError(await callRoute('listRetailerScrapings', { params: { brandId: BRAND }, token }));
    expectTermsError(await callRoute('getBrandRetailerSummary', { params: { brandId: BRAND }, token }));
    expectTermsError(await callRoute('listBrandPeriods', { params: { brandId: BRAND }, token }));
    expectTermsError(await callRoute('listUsers', { query: { brand: BRAND }, token }));
    // What the web shows them instead: the login answer says the terms come first.
    const res = await callRoute('login', { body: { email: 'newuser@demo.test', password: 'Demo-2026!' } });
    expect(asSession(res.body).user.policyFlag).toBe(true);
  });

  it('is refused before the body or the brand is looked at: another brand, a malformed body, a mutation', async () => {
    expectTermsError(await callRoute('listRetailerScrapings', { params: { brandId: 'brand-castellane' }, token: tokens.pending }));
    expectTermsError(await callRoute('updateBrand', { params: { brandId: BRAND }, token: tokens.pending, body: { colors: { bgColor: 'not a colour' } } }));
    expectTermsError(await callRoute('getContactInfoForEmail', { token: tokens.pending, body: {} }));
  });

  it('may log out, accept the terms, and then the same session reads the brand', async () => {
    const second = await login(`terms-2-${tag}@demo.test`, PASSWORD);
    expect((await callRoute('logout', { token: second })).status).toBe(200);
    expectTermsError(await callRoute('listRetailerScrapings', { params: { brandId: BRAND }, token: tokens.pendingOther }));
    // Accepting for someone else is not open to them.
    expect((await callRoute('updateUserPolicy', { token: tokens.pendingOther, params: { userId: ids.pending }, body: { policyFlag: false } })).status).toBe(403);
    const accepted = await callRoute('updateUserPolicy', { token: tokens.pendingOther, params: { userId: ids.pendingOther }, body: { policyFlag: false } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.policyFlag).toBe(false);
    const res = await callRoute('listRetailerScrapings', { params: { brandId: BRAND }, token: tokens.pendingOther });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it("a site admin's own terms flag is not asked", async () => {
    expect((await callRoute('listRetailerScrapings', { params: { brandId: BRAND }, token: tokens.pendingAdmin })).status).toBe(200);
    expect((await callRoute('listFiles', { token: tokens.pendingAdmin })).status).toBe(200);
  });
});
