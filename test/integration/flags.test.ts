/**
 * The flag calls (000 §4, §5, §7; 001 §4): PUT /updateReatilerBrandProductFlag/{id} and
 * PUT /updateBrandFlag/{id} against the local stack: the stored flag (reasons, message, flagged-at
 * price and date), the period's flaggedCount under repeated and concurrent calls, removed products,
 * a User's unassigned retailer, and the 400s of bad payloads.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { flagMessageSchema, updateFlagResponse } from '../../shared/schemas/scrapings';
import { testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { periodRecord, productScrape } from '../support/scrapes';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-flag-${tag}`, name: `Flag House ${tag}`, slug: `flag-house-${tag}` };
const R1 = { _id: `ret-flag1-${tag}`, name: `Flag Store ${tag}`, optId: `FLA${tag}`.toUpperCase(), slug: `flag-store-${tag}`, website: 'https://f1.example' };
const R2 = { _id: `ret-flag2-${tag}`, name: `Other Store ${tag}`, optId: `FLB${tag}`.toUpperCase(), slug: `other-store-${tag}`, website: 'https://f2.example' };
const DATE = '2023-06-07';
const VERSION = `vflag${tag}`;

let m: {
  repo: typeof import('../../functions/scrapings/scrapings.repo');
  ids: typeof import('../../functions/scrapings/domain/ids');
};
const tokens: Record<'admin' | 'user', string> = { admin: '', user: '' };
const period: Record<'r1' | 'r2', string> = { r1: '', r2: '' };
const prod = (periodId: string, style: string) => m.ids.productIdOf(periodId, style);
const flag = (id: string, body: unknown, token = tokens.admin) => callRoute('updateProductFlag', { params: { id }, token, body });
const brandFlag = (id: string, body: unknown, token = tokens.admin) => callRoute('updateBrandFlag', { params: { id }, token, body });
const priceFlag = { isFlagged: 'yes', message: 'Shown below the list price.', reason: [{ name: 'Price', value: 'Wrong price' }] };
const UNFLAG = { isFlagged: 'no', message: '', reason: [] };
const flaggedCount = async (periodId: string) => (await m.repo.getPeriod(periodId))!.flaggedCount;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  m = { repo: await import('../../functions/scrapings/scrapings.repo'), ids: await import('../../functions/scrapings/domain/ids') };
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const now = new Date().toISOString();
  for (const r of [R1, R2]) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  await putBrand({
    ...BRAND,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [R1, R2].map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })),
    createdAt: now,
    updatedAt: now,
  });
  const email = `flag-${tag}@demo.test`;
  await createUser(testUser({ _id: `user-flag-${tag}`, email, passwordHash: await hashPassword('Flag-2031!'), brand: BRAND._id, associated_retailers: [R1._id], notify: false }));
  tokens.admin = await login('admin@demo.test');
  tokens.user = await login(email, 'Flag-2031!');
  for (const [k, r] of [['r1', R1], ['r2', R2]] as const) {
    period[k] = m.ids.periodIdOf(BRAND._id, r._id, DATE);
    const products: ProductScrape[] = ['A1', 'A2', 'A3', 'GONE'].map((style, i) =>
      productScrape({ _id: prod(period[k], style), retailer_brand_scraping: period[k], brand: BRAND._id, retailer: r._id, date: DATE, style_number: style, price: 100 + i, isFlagged: 'no', ...(style === 'GONE' ? { type: 'deleted' as const } : {}) }),
    );
    const writer = m.repo.productWriter(VERSION);
    for (const p of products) await writer.add(p);
    await writer.close();
    await m.repo.putPeriod(periodRecord({ _id: period[k], brand: BRAND._id, retailer: r._id, date: DATE, version: VERSION, totalProducts: 4, flaggedCount: 0, approvedDate: now }));
    await m.repo.upsertScanInfo(BRAND._id, r._id, 'productDate', DATE, { periodId: period[k], totalProducts: 4 });
  }
});

describe('PUT /updateReatilerBrandProductFlag/{id}', () => {
  it('flags with the reasons, message and the flagged-at price and date; the Flagged tab and the count show it', async () => {
    const id = prod(period.r1, 'A1');
    const res = await flag(id, priceFlag, tokens.user);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product flagged successfully.');
    expect(res.body.data).toMatchObject({ _id: id, isFlagged: 'yes', flagMessage: { reason: [{ name: 'Price', value: 'Wrong price' }], message: priceFlag.message, state: { price: 100 } } });
    expect(Date.parse(flagMessageSchema.parse(res.body.data.flagMessage).date ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The contract: exactly { message, data: { _id, isFlagged, flagMessage } }.
    const strict = z.strictObject({ message: z.string(), data: z.strictObject(updateFlagResponse.shape.data.shape) });
    expect(strict.safeParse(res.body).error?.issues ?? []).toEqual([]);
    const tab = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period.r1, isFlagged: 'yes' }, token: tokens.user });
    expect(tab.body.data.map((p) => ('style_number' in p ? p.style_number : undefined))).toEqual(['A1']);
    expect(await flaggedCount(period.r1)).toBe(1);
    const records = await callRoute('listRetailerScrapings', { params: { brandId: BRAND._id }, token: tokens.admin });
    expect(records.body.data.find((r) => r.retailer._id === R1._id)!.flaggedProduct).toBe(1);
  });

  it('a repeated identical call counts once and keeps the first flagged-at price and date', async () => {
    const id = prod(period.r1, 'A1');
    const first = (await m.repo.getProduct(id))!.flagMessage as { date: string };
    const again = await flag(id, { ...priceFlag, reason: [{ name: 'Price', value: 'Discount' }, { name: 'Other', value: 'Other' }] });
    expect(again.status).toBe(200);
    expect(again.body.data.flagMessage).toMatchObject({ date: first.date, state: { price: 100 }, reason: [{ name: 'Price', value: 'Discount' }, { name: 'Other', value: 'Other' }] });
    expect(await flaggedCount(period.r1)).toBe(1);
  });

  it('unflags with an empty reason: the flag and its message go, the count goes down once', async () => {
    const id = prod(period.r1, 'A1');
    const res = await flag(id, UNFLAG, tokens.user);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product Unflagged successfully.');
    expect(res.body.data).toMatchObject({ isFlagged: 'no', flagMessage: null });
    expect((await flag(id, UNFLAG)).status).toBe(200);
    expect(await flaggedCount(period.r1)).toBe(0);
    expect((await m.repo.getProduct(id))!.flagMessage).toBeUndefined();
  });

  it('concurrent flag and unflag calls leave a consistent product and a right flaggedCount', async () => {
    const ids = ['A1', 'A2', 'A3'].map((s) => prod(period.r1, s));
    const calls = ids.flatMap((id) => [flag(id, priceFlag), flag(id, priceFlag, tokens.user), flag(id, UNFLAG), flag(id, priceFlag)]);
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const products = await Promise.all(ids.map((id) => m.repo.getProduct(id)));
    const flagged = products.filter((p) => p!.isFlagged === 'yes');
    for (const p of products) expect(p!.isFlagged === 'yes' ? p!.flagMessage : undefined).toEqual(p!.isFlagged === 'yes' ? expect.objectContaining({ reason: priceFlag.reason }) : undefined);
    expect(await flaggedCount(period.r1)).toBe(flagged.length);
    // Then everything at once the same way: all flagged, counted once each.
    await Promise.all(ids.flatMap((id) => [flag(id, priceFlag), flag(id, priceFlag, tokens.user)]));
    expect(await flaggedCount(period.r1)).toBe(3);
    await Promise.all(ids.flatMap((id) => [flag(id, UNFLAG), flag(id, UNFLAG, tokens.user)]));
    expect(await flaggedCount(period.r1)).toBe(0);
  });

  it('a removed product cannot be flagged', async () => {
    const res = await flag(prod(period.r1, 'GONE'), priceFlag);
    expect(res.status).toBe(409);
    expect(errorBody(res).message).toBe('A removed product cannot be flagged.');
    expect((await m.repo.getProduct(prod(period.r1, 'GONE')))!.isFlagged).toBe('no');
  });

  it("a User cannot flag a product of a retailer not assigned to them; nothing changes", async () => {
    const id = prod(period.r2, 'A1');
    const res = await flag(id, priceFlag, tokens.user);
    expect([403, 404]).toContain(res.status);
    expect((await m.repo.getProduct(id))!.isFlagged).toBe('no');
    expect(await flaggedCount(period.r2)).toBe(0);
  });

  it('an unknown product is 404', async () => {
    expect((await flag(prod(period.r1, 'NOPE'), priceFlag)).status).toBe(404);
  });

  it('bad payloads get clear 400 messages and change nothing', async () => {
    const id = prod(period.r1, 'A2');
    const cases: [unknown, string][] = [
      [{ isFlagged: 'yes', message: '', reason: [] }, 'Please select at least one field.'],
      [{ isFlagged: 'yes', message: 'x', reason: [{ name: 'Price', value: '' }] }, 'Please choose Price is missing, Wrong price or Discount.'],
      [{ isFlagged: 'yes', message: 'x', reason: [{ name: 'Price', value: 'Cheap' }] }, 'Please choose Price is missing, Wrong price or Discount.'],
      [{ isFlagged: 'yes', message: 'x', reason: [{ name: 'Brand Logo', value: 'Logo is missing' }] }, 'A reason is one of: Price, Image Issues, Other.'],
      [{ isFlagged: 'yes', message: 'x'.repeat(1001), reason: [{ name: 'Other', value: 'Other' }] }, 'The message is at most 1000 characters.'],
      [{ isFlagged: 'maybe', message: '', reason: [] }, 'isFlagged must be yes or no.'],
      [{ isFlagged: 'no', message: '', reason: [{ name: 'Other', value: 'Other' }] }, 'Unflagging sends an empty reason.'],
      [{ isFlagged: 'yes', reason: [{ name: 'Other', value: 'Other' }, { name: 'Other', value: 'Other' }] }, 'Each reason can be given once.'],
    ];
    for (const [body, message] of cases) {
      const res = await flag(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await m.repo.getProduct(id))!.isFlagged).toBe('no');
  });
});

describe('PUT /updateBrandFlag/{id}', () => {
  const info = (retailer: string) => m.ids.scanInfoIdOf(BRAND._id, retailer);

  it('flags the brand profile with its reasons; the retailer page shows it; unflag clears it', async () => {
    const body = { isFlagged: 'yes', message: 'Logo from 2019.', reason: [{ name: 'Brand Logo', value: 'Old logo is shown' }, { name: 'Brand Bio', value: 'Typo/needs updates' }, { name: 'Image Issues', value: 'Image Issues' }] };
    const res = await brandFlag(info(R1._id), body, tokens.user);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Brand flagged successfully.');
    const page = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.user });
    expect(page.body.data).toMatchObject({ _id: info(R1._id), isFlagged: 'yes', flagMessage: { reason: body.reason, message: body.message } });
    if (page.body.data.kind !== 'retailer') throw new Error('not a retailer');
    expect(flagMessageSchema.parse(page.body.data.flagMessage).date).toEqual(expect.any(String));
    const off = await brandFlag(info(R1._id), UNFLAG);
    expect(off.status).toBe(200);
    expect(updateFlagResponse.safeParse(off.body).success).toBe(true);
    expect(off.body.message).toBe('Brand Unflagged successfully.');
    const after = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.user });
    expect(after.body.data).toMatchObject({ isFlagged: 'no', flagMessage: null });
  });

  it('Brand Bio needs its option; reasons come from the brand list; none ticked is refused', async () => {
    const cases: [unknown, string][] = [
      [{ isFlagged: 'yes', message: '', reason: [{ name: 'Brand Bio', value: '' }] }, 'This is required field'],
      [{ isFlagged: 'yes', message: '', reason: [{ name: 'Brand Bio', value: 'Brand Bio' }] }, 'This is required field'],
      [{ isFlagged: 'yes', message: '', reason: [] }, 'Please select at least one field.'],
      [{ isFlagged: 'yes', message: '', reason: [{ name: 'Price', value: 'Wrong price' }] }, 'A reason is one of: Brand Logo, Marketing Visuals, Brand Bio, Image Issues, Other.'],
    ];
    for (const [body, message] of cases) {
      const res = await brandFlag(info(R1._id), body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // A logo reason without its option is the reason alone.
    const logo = await brandFlag(info(R1._id), { isFlagged: 'yes', message: '', reason: [{ name: 'Brand Logo', value: '' }] });
    expect(flagMessageSchema.parse(logo.body.data.flagMessage).reason).toEqual([{ name: 'Brand Logo', value: 'Brand Logo' }]);
    expect((await brandFlag(info(R1._id), UNFLAG)).status).toBe(200);
  });

  it("a User cannot flag the brand profile of an unassigned retailer; an unknown scan info is 404", async () => {
    const res = await brandFlag(info(R2._id), { isFlagged: 'yes', message: '', reason: [{ name: 'Other', value: 'Other' }] }, tokens.user);
    expect([403, 404]).toContain(res.status);
    expect((await m.repo.getScanInfoById(info(R2._id)))!.isFlagged).toBe('no');
    expect((await brandFlag(info('ret-nowhere'), { isFlagged: 'yes', message: '', reason: [{ name: 'Other', value: 'Other' }] })).status).toBe(404);
  });
});
