/**
 * GET /RetailerSummaryDays/{brandId} (docs/period-rules.md): the dates on which a retailer the
 * caller sees was scanned, newest first. It reads the brand's scan-date items (one per distinct
 * date, kept when a period is published), not every period of the brand: the answer is checked
 * against the periods written, and the items read are counted with a middleware on the client.
 * On a table of the test's own (test/support/own-table.ts), so the periods are exactly these.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodRecord } from '../support/scrapes';
import { useOwnTable, type OwnTable } from '../support/own-table';

const tag = randomBytes(4).toString('hex');
const BRAND = `brand-sd-${tag}`;
const OTHER = `brand-sd2-${tag}`;
const RETAILERS = Array.from({ length: 20 }, (_, i) => `ret-sd${i}-${tag}`);
const DISABLED = RETAILERS[19]!; // flag false in the brand: not shown, nor its dates
const SPARSE = RETAILERS[5]!; // scanned on odd weeks only: its assigned user sees those
const WEEKS = 26;
const LEGACY_WEEKS = 4; // periods stored before the scan-date items existed: only the backfill lists them
const dateOf = (week: number) => new Date(Date.UTC(2024, 0, 1 + 7 * week)).toISOString().slice(0, 10);

type Handler = (event: APIGatewayProxyEventV2, ctx: Context) => Promise<APIGatewayProxyStructuredResultV2>;
let t: OwnTable;
let handler: Handler;
let repo: typeof import('../../functions/scrapings/scrapings.repo');
const tokens: Record<string, string> = {};
const reads = { items: 0, requests: 0 };
/** (retailer, date) of every period written */
const periods: { retailer: string; date: string }[] = [];

async function call(token: string, brandId: string) {
  const res = await handler(
    {
      version: '2.0',
      routeKey: 'test',
      rawPath: `/RetailerSummaryDays/${brandId}`,
      rawQueryString: '',
      pathParameters: { brandId },
      headers: { authorization: `Bearer ${token}` },
      requestContext: { http: { method: 'GET', sourceIp: '127.0.0.1' } } as never,
      isBase64Encoded: false,
    },
    { awsRequestId: 'scan-dates' } as Context,
  );
  return { status: res.statusCode ?? 200, body: res.body ? JSON.parse(res.body) : undefined };
}

/** The answer as the read of every period gave it: distinct dates of the visible retailers, newest first. */
const expected = (visible: (r: string) => boolean) =>
  [...new Set(periods.filter((p) => visible(p.retailer)).map((p) => p.date))].sort((a, b) => b.localeCompare(a)).map((d) => ({ _id: d, value: d }));

beforeAll(async () => {
  t = await useOwnTable(`scan-dates-${tag}`);
  repo = await import('../../functions/scrapings/scrapings.repo');
  const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { signSession } = await import('../../functions/lib/jwt');
  const now = new Date().toISOString();
  const colors = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
  await putBrand({ _id: BRAND, name: `Scan Dates ${tag}`, slug: `scan-dates-${tag}`, colors, retailers: RETAILERS.map((r) => ({ retailer: r, flag: r !== DISABLED, webSiteType: 'retailerWithProducts' as const })), createdAt: now, updatedAt: now } as never);
  await putBrand({ _id: OTHER, name: `Other ${tag}`, slug: `scan-dates-other-${tag}`, colors, retailers: RETAILERS.map((r) => ({ retailer: r, flag: true, webSiteType: 'retailerWithProducts' as const })), createdAt: now, updatedAt: now } as never);
  const users = {
    brandAdmin: { brand: BRAND, role: 'BRAND_ADMIN', retailers: [] as string[] },
    sparseUser: { brand: BRAND, role: 'User', retailers: [SPARSE] },
    otherAdmin: { brand: OTHER, role: 'BRAND_ADMIN', retailers: [] as string[] },
  };
  for (const [name, u] of Object.entries(users)) {
    const id = `sd-${name}-${tag}`;
    await ddb.send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { pk: `USER#${id}`, sk: 'USER', entity: 'User', _id: id, name, email: `${id}@scan.test`, roles: [{ name: u.role }], brand: u.brand, associated_retailers: u.retailers, status: 'active', sessionVersion: 0 },
      }),
    );
    tokens[name] = await signSession({ sub: id, role: u.role as never, brand: u.brand, retailers: u.retailers, sv: 0 });
  }
  // Weekly periods: every retailer every week, except SPARSE on odd weeks only and DISABLED on the
  // last week only (a date nobody visible was scanned on); the first weeks written as legacy items.
  const writes: { retailer: string; date: string; legacy: boolean }[] = [];
  for (let w = 0; w < WEEKS; w++) {
    for (const r of RETAILERS) {
      if (r === SPARSE && w % 2 === 0) continue;
      if (r === DISABLED && w !== WEEKS - 1) continue;
      if (r !== DISABLED && w === WEEKS - 1) continue;
      writes.push({ retailer: r, date: dateOf(w), legacy: w < LEGACY_WEEKS });
    }
  }
  for (let i = 0; i < writes.length; i += 25) {
    await Promise.all(
      writes.slice(i, i + 25).map(async ({ retailer, date, legacy }) => {
        const p = periodRecord({ _id: periodIdOf(BRAND, retailer, date), brand: BRAND, retailer, date, version: `v-${date}` });
        // Legacy: the period item alone, as stored before the scan-date items were kept.
        if (legacy) await repo.transactWrite([repo.periodPutItem(p)]);
        else await repo.putPeriod(p);
        periods.push({ retailer, date });
      }),
    );
  }
  // The other brand has periods of its own (not to be mixed in).
  await repo.putPeriod(periodRecord({ _id: periodIdOf(OTHER, RETAILERS[0]!, '2030-01-01'), brand: OTHER, retailer: RETAILERS[0]!, date: '2030-01-01', version: 'v-other' }));

  ddb.middlewareStack.add(
    (next) => async (a) => {
      const out = await next(a);
      const o = out.output as { Items?: unknown[]; Item?: unknown; ScannedCount?: number };
      reads.requests++;
      reads.items += o.ScannedCount ?? o.Items?.length ?? (o.Item ? 1 : 0);
      return out;
    },
    { step: 'initialize', name: 'countScanDateReads' },
  );
  handler = (await import('../../functions/scrapings/list-brand-periods')).handler as unknown as Handler;
}, 120_000);

describe('GET /RetailerSummaryDays/{brandId}: distinct scan dates, bounded read', () => {
  it('backfills the periods stored before the scan-date items, then answers as the read of every period did', async () => {
    const visible = (r: string) => r !== DISABLED;
    const before = await call(tokens.brandAdmin!, BRAND);
    expect(before.status).toBe(200);
    // Without the backfill the legacy weeks are missing (the items are what is read).
    expect(before.body.data).toEqual(expected(visible).slice(0, WEEKS - 1 - LEGACY_WEEKS));
    expect(await repo.backfillBrandScanDates([BRAND, OTHER])).toBe(WEEKS + 1);
    expect(await repo.backfillBrandScanDates([BRAND])).toBe(WEEKS); // idempotent: same items, same sets
    const after = await call(tokens.brandAdmin!, BRAND);
    expect(after.body).toEqual({ data: expected(visible), totalCount: WEEKS - 1 });
    // ADMIN (the own table's) sees the same; the last week (DISABLED's only) is listed for nobody.
    expect((await t.call(handler, { params: { brandId: BRAND } })).body.data).toEqual(expected(visible));
    expect(after.body.data.map((d: { _id: string }) => d._id)).not.toContain(dateOf(WEEKS - 1));
  });

  it('a User with assigned retailers sees only the dates on which those were scanned', async () => {
    const res = await call(tokens.sparseUser!, BRAND);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expected((r) => r === SPARSE));
    expect(res.body.totalCount).toBe(Math.floor((WEEKS - 1) / 2));
  });

  it('reads one item per distinct date of the brand, not one per period', async () => {
    reads.items = 0;
    reads.requests = 0;
    const res = await call(tokens.brandAdmin!, BRAND);
    expect(res.status).toBe(200);
    expect(periods.length).toBeGreaterThan(400);
    // The session's user, the brand, and the brand's WEEKS scan-date items (one Query page).
    expect(reads.items).toBeLessThanOrEqual(WEEKS + 2);
    expect(reads.requests).toBeLessThanOrEqual(3);
  });

  it("another brand's admin is refused (403) and nothing of the brand is read", async () => {
    reads.items = 0;
    const res = await call(tokens.otherAdmin!, BRAND);
    expect(res.status).toBe(403);
    expect(reads.items).toBeLessThanOrEqual(1); // the caller's user only
    expect((await call(tokens.otherAdmin!, OTHER)).body.data).toEqual([{ _id: '2030-01-01', value: '2030-01-01' }]);
  });
});
