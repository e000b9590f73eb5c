/**
 * Manage Catalog's read (ours: GET /brandCatalog/{brandId}) on the demo brand's on-hand feed:
 * cursor pages in serial order that add up to the feed, the serial-prefix search, a User's
 * assigned retailers only, other brands refused, bad input with clear messages. Expected
 * figures are read through the API (the feed the demo seed or another suite dropped).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { brandCatalogResponse } from '../../shared/schemas/retailer-scrapings';
import { callRoute, login } from '../support/api';

const MA = 'brand-maison-aurelle';
const tokens = {} as Record<'maAdmin' | 'maUser' | 'admin' | 'cpAdmin', string>;

beforeAll(async () => {
  [tokens.maAdmin, tokens.maUser, tokens.admin, tokens.cpAdmin] = await Promise.all([login('brandadmin@demo.test'), login('user@demo.test'), login('admin@demo.test'), login('castellane@demo.test')]);
});

/** Every page of the catalogue for a caller, following the cursors. */
async function walk(token: string, query: Record<string, string | number> = {}) {
  const pages: { serialNo: string; customerId: string }[][] = [];
  let cursor: string | undefined;
  let totalCount: number | null = null;
  for (let i = 0; i < 200; i++) {
    const res = await callRoute('getBrandCatalog', { token, params: { brandId: MA }, query: { ...query, ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    const body = brandCatalogResponse.strict().parse(res.body);
    pages.push(body.data);
    totalCount = body.totalCount;
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return { pages, items: pages.flat(), totalCount };
}

describe('GET /brandCatalog/{brandId}', () => {
  it('pages the whole feed 25 at a time in serial order; the pages add up to totalCount (kept on write)', async () => {
    const { pages, items, totalCount } = await walk(tokens.maAdmin);
    expect(items.length).toBeGreaterThan(25);
    expect(totalCount).toBe(items.length);
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
    const serials = items.map((i) => i.serialNo.toUpperCase());
    expect(new Set(serials).size).toBe(serials.length);
    expect(serials).toEqual([...serials].sort());
    // An ADMIN acting for the brand reads the same first page.
    const first = await callRoute('getBrandCatalog', { token: tokens.admin, params: { brandId: MA } });
    expect(first.body.data.map((i) => i.serialNo)).toEqual(pages[0]!.map((i) => i.serialNo));
  });

  it('searches by the start of a serial, case-insensitive', async () => {
    const all = (await walk(tokens.maAdmin)).items;
    const sample = all[Math.floor(all.length / 2)]!.serialNo;
    const prefix = sample.slice(0, Math.max(3, sample.length - 2));
    const found = await walk(tokens.maAdmin, { search: prefix.toLowerCase(), limit: 5 });
    expect(found.items.map((i) => i.serialNo)).toEqual(all.filter((i) => i.serialNo.toUpperCase().startsWith(prefix.toUpperCase())).map((i) => i.serialNo));
    expect(found.totalCount).toBeNull();
    expect((await callRoute('getBrandCatalog', { token: tokens.maAdmin, params: { brandId: MA }, query: { search: 'NO-SUCH-SERIAL-PREFIX' } })).body).toEqual({ data: [], totalCount: null, nextCursor: null });
  });

  it("gives a User with assigned retailers only their retailers' items", async () => {
    const optIds = (await callRoute('getBrandRetailers', { token: tokens.maUser, params: { brandId: MA } })).body.data.map((r) => r.optId.toUpperCase());
    expect(optIds.length).toBe(2);
    const all = (await walk(tokens.maAdmin)).items;
    const mine = await walk(tokens.maUser, { limit: 7 });
    expect(mine.totalCount).toBeNull();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.map((i) => i.serialNo)).toEqual(all.filter((i) => optIds.includes(i.customerId.toUpperCase())).map((i) => i.serialNo));
  });

  it('refuses other brands, look-alike brand ids, foreign cursors and bad input', async () => {
    for (const brandId of [MA, `${MA}-x`, MA.toUpperCase()]) {
      const res = await callRoute('getBrandCatalog', { token: tokens.cpAdmin, params: { brandId } });
      expect(res.status).toBe(403);
    }
    const castellane = await callRoute('getBrandCatalog', { token: tokens.cpAdmin, params: { brandId: 'brand-castellane' } });
    expect(castellane.status).toBe(200);
    // A cursor the brand admin got is not one the User's list (other partitions) gave out.
    const first = await callRoute('getBrandCatalog', { token: tokens.maAdmin, params: { brandId: MA } });
    const foreign = await callRoute('getBrandCatalog', { token: tokens.maUser, params: { brandId: MA }, query: { cursor: first.body.nextCursor! } });
    expect(foreign.status).toBe(400);
    expect((foreign.body as unknown as { message: string }).message).toBe('The page cursor is not valid for this list.');
    const forged = await callRoute('getBrandCatalog', { token: tokens.maAdmin, params: { brandId: MA }, query: { cursor: Buffer.from(JSON.stringify([{ pk: 'OH#brand-castellane#x', sk: 'ITEM#A' }])).toString('base64url') } });
    expect(forged.status).toBe(400);
    for (const [query, message] of [
      [{ limit: 0 }, 'limit is at least 1.'],
      [{ limit: 101 }, 'limit is at most 100.'],
      [{ limit: 'many' }, 'limit must be a number.'],
      [{ search: 'x'.repeat(101) }, 'Too Long!'],
    ] as const) {
      const res = await callRoute('getBrandCatalog', { token: tokens.maAdmin, params: { brandId: MA }, query: query as Record<string, string | number> });
      expect(res.status).toBe(400);
      expect((res.body as unknown as { message: string }).message).toContain(message);
    }
    expect((await callRoute('getBrandCatalog', { params: { brandId: MA } })).status).toBe(401);
    const unknown = await callRoute('getBrandCatalog', { token: tokens.admin, params: { brandId: 'brand-nowhere' } });
    expect(unknown.status).toBe(404);
  });
});
