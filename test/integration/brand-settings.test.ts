/**
 * PUT /brands/{brandId} (000 §2 Brand tab, §7; 001 §7 toast 'Successfully updated') against the
 * local stack, on a brand of this file's own: the BRAND_ADMIN of the brand or an ADMIN may change
 * the colours and the company BCC; a User of the brand, another brand's admin and a deleted
 * user's token may not; colours strictly #rgb, #rrggbb or #rrggbbaa; the retailer-list part of
 * the body is the site ADMIN's only (test/integration/brand-retailers-admin.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { asSession, callRoute, errorBody, login, stack } from '../support/api';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-bs-${tag}`, name: `Colour House ${tag}`, slug: `colour-house-${tag}` };
const R = { _id: `ret-bs-${tag}`, name: `Colour Store ${tag}`, optId: `BS${tag}`.toUpperCase(), slug: `bs-${tag}`, website: 'https://bs.example' };
const DEFAULTS = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
const PASSWORD = 'Bstest-2031!';
const users = {
  admin: { _id: `user-bs-admin-${tag}`, email: `bs-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-bs-user-${tag}`, email: `bs-user-${tag}@demo.test` },
  gone: { _id: `user-bs-gone-${tag}`, email: `bs-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<keyof typeof users | 'siteAdmin' | 'other', string>;

const colours = (over: Partial<typeof DEFAULTS> = {}) => ({ ...DEFAULTS, ...over });
const put = (token: string, body: unknown, brand = B._id) => callRoute('updateBrand', { params: { brandId: brand }, token, body });

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  await putRetailer({ ...R, createdAt: now, updatedAt: now });
  await putBrand({ ...B, colors: DEFAULTS, retailers: [{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }], createdAt: now, updatedAt: now });
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users));
  tokens.siteAdmin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
});

const stored = async () => (await import('../../functions/brands/brands.repo')).getBrand(B._id);

describe('PUT /brands/{brandId}: who may', () => {
  it("the brand's BRAND_ADMIN sets the colours and BCC: 200 'Successfully updated' with the brand as stored; the login of a new session carries them", async () => {
    const res = await callRoute('updateBrand', { token: tokens.admin, params: { brandId: B._id }, body: { colors: colours({ bgColor: '#1A2B3C', hoverColor: '#ABCDEF80' }), company_email_bcc: ` Audit-${tag}@Example.test ` } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(BRAND_MSG.updated);
    expect(res.body.data).toMatchObject({ _id: B._id, name: B.name, colors: colours({ bgColor: '#1a2b3c', hoverColor: '#abcdef80' }), company_email_bcc: `audit-${tag}@example.test` });
    expect(res.body.data.retailers).toEqual([{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }]);
    expect((await stored())!.colors.bgColor).toBe('#1a2b3c');
    const session = await callRoute('login', { body: { email: users.admin.email, password: PASSWORD } });
    expect(asSession(session.body).user.brand!.colors.bgColor).toBe('#1a2b3c');
    expect(asSession(session.body).user.brand!.company_email_bcc).toBe(`audit-${tag}@example.test`);
  });

  it('an ADMIN may change any brand; colours alone, or the BCC alone (empty removes it), leave the other part as it was', async () => {
    expect((await put(tokens.siteAdmin, { colors: colours({ textColor: '#fff' }) })).status).toBe(200);
    expect((await stored())!.company_email_bcc).toBe(`audit-${tag}@example.test`);
    const cleared = await put(tokens.siteAdmin, { company_email_bcc: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.company_email_bcc).toBeUndefined();
    expect(cleared.body.data.colors.textColor).toBe('#fff');
    expect((await stored())!.company_email_bcc).toBeUndefined();
  });

  it('a User of the brand is refused (403) and nothing changes', async () => {
    const before = await stored();
    const res = await put(tokens.user, { colors: colours({ bgColor: '#000000' }) });
    expect(res.status).toBe(403);
    expect(typeof errorBody(res).message).toBe('string');
    expect((await stored())!.colors).toEqual(before!.colors);
  });

  it("another brand's admin is refused (403) on this brand, and this brand's admin on the other brand and on the demo brand", async () => {
    const before = await stored();
    expect((await put(tokens.other, { colors: colours({ bgColor: '#000000' }) })).status).toBe(403);
    expect((await stored())!.colors).toEqual(before!.colors);
    for (const brand of ['brand-castellane', 'brand-maison-aurelle', `${B._id}x`, B._id.toUpperCase()]) {
      const res = await put(tokens.admin, { colors: colours() }, brand);
      expect(res.status, brand).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Castellane');
    }
  });

  it("a deleted user's token and no token are refused (401); an ADMIN on an unknown brand gets 404", async () => {
    expect((await put(tokens.gone, { colors: colours() })).status).toBe(401);
    expect((await callRoute('updateBrand', { params: { brandId: B._id }, body: { colors: colours() } })).status).toBe(401);
    const res = await put(tokens.siteAdmin, { colors: colours() }, `brand-none-${tag}`);
    expect(res.status).toBe(404);
    expect(errorBody(res).message).toBe(BRAND_MSG.brandNotFound);
  });
});

describe('PUT /brands/{brandId}: what is refused', () => {
  it.each([
    ['a colour name', { bgColor: 'red' }],
    ['#rgba (4 digits)', { bgColor: '#fffa' }],
    ['5 digits', { textColor: '#12345' }],
    ['7 digits', { hoverColor: '#1234567' }],
    ['no hash', { bgColor: '333131' }],
    ['rgb()', { summaryPageSectionColor: 'rgb(0,0,0)' }],
    ['a non-hex digit', { bgColor: '#33313g' }],
    ['CSS injection', { bgColor: '#333;background:url(x)' }],
    ['a number', { bgColor: 333131 }],
  ])('%s: 400 naming the colour and the formats, nothing stored', async (_, bad) => {
    const before = await stored();
    const res = await put(tokens.admin, { colors: { ...DEFAULTS, ...bad } });
    expect(res.status).toBe(400);
    const label = { bgColor: 'Background colour', textColor: 'Text colour', hoverColor: 'Hover colour', summaryPageSectionColor: 'Summary section colour' }[Object.keys(bad)[0] as 'bgColor'];
    expect(errorBody(res).message).toBe(BRAND_MSG.colour(label));
    expect((await stored())!.colors).toEqual(before!.colors);
  });

  it('a missing colour, an unknown colour key or body field, an empty body: 400 with a clear message', async () => {
    const { bgColor: _b, ...three } = DEFAULTS;
    expect(errorBody(await put(tokens.admin, { colors: three })).message).toBe(BRAND_MSG.colourMissing('Background colour'));
    expect(errorBody(await put(tokens.admin, { colors: { ...DEFAULTS, navColor: '#000' } })).message).toBe(BRAND_MSG.unknownField('colors.navColor'));
    expect(errorBody(await put(tokens.admin, { colors: DEFAULTS, name: 'Renamed' })).message).toBe(BRAND_MSG.unknownField('name'));
    expect(errorBody(await put(tokens.admin, {})).message).toBe(BRAND_MSG.nothingToUpdate);
    expect((await stored())!.name).toBe(B.name);
  });

  it.each(['not-an-email', 'a@b', 'x@@y.test', `${'a'.repeat(250)}@x.test`, 'a@b.test, c@d.test'])('company BCC %s: 400', async (bcc) => {
    const res = await put(tokens.admin, { company_email_bcc: bcc });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(BRAND_MSG.bccInvalid);
  });

  it("the allowed-retailer list (issue 11's part of this call) is the site ADMIN's only: the brand's BRAND_ADMIN gets 403, also with colours in the same body, and the brand is unchanged", async () => {
    const before = await stored();
    for (const body of [{ retailers: [{ retailer: R._id, flag: false }] }, { colors: colours({ bgColor: '#000' }), retailers: [{ retailer: R._id, flag: false }] }]) {
      const res = await put(tokens.admin, body);
      expect(res.status).toBe(403);
      expect(errorBody(res).message).toBe(BRAND_MSG.retailersAdminOnly);
    }
    const after = await stored();
    expect(after!.retailers).toEqual([{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }]);
    expect(after!.colors).toEqual(before!.colors);
  });
});
