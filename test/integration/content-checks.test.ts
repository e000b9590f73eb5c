/**
 * The content checks through the real pipeline (issue 38 §2, §3): the brand's catalogue dropped,
 * then a retailer's product file dropped, ingested and approved through the approval state
 * machine, whose publication starts the checks' own state machine (plan → a Map over chunks →
 * finish). The scan's Suggestions then hold, each with its evidence and the flag reason it
 * proposes: a discount under the market's MSRP, a renamed product, an old (retired) picture, a
 * picture not from the catalogue, a retired product still listed, a product not in the
 * catalogue; a product matching everything gives none. Flag opens the product's case with the
 * reason pre-filled (a second Flag of it is refused); Dismiss is remembered, so "Check again"
 * does not bring the same picture back, while the flagged one stays flagged; each picture is
 * fingerprinted once however often it is checked.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionView } from '../../shared/schemas/suggestions';
import { suggestionsResponse } from '../../shared/schemas/suggestions';
import { callRoute, errorBody, login } from '../support/api';
import { contentFixture } from '../support/content-fixture';

const tag = randomBytes(4).toString('hex');
const fx = contentFixture(tag);
const BRAND = fx.brand;
const R = fx.retailer;
let brandAdmin = '';
let periodId = '';

async function suggestions(status: 'open' | 'flagged' | 'dismissed' = 'open') {
  const res = await callRoute('listSuggestions', { token: brandAdmin, params: { brandId: BRAND._id, periodId }, query: { status, limit: 100 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return suggestionsResponse.strict().parse(res.body);
}
const byKind = (list: SuggestionView[]) => Object.fromEntries(list.map((s) => [`${s.finding.styleNumber}:${s.finding.kind}`, s]));

async function checked(after?: string | null) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const out = await suggestions();
    if (out.state.status === 'done' && out.state.checkedAt !== after) return out;
    if (Date.now() > deadline) throw new Error(`the checks did not finish: ${JSON.stringify(out.state)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await fx.seed();
  periodId = fx.periodId;
  brandAdmin = await login(fx.email, fx.password);
}, 180_000);

describe('the content checks of a published scan', () => {
  it('propose every finding with its evidence, most sure first; a product matching the catalogue gives none; the counts agree with the list', async () => {
    const out = await checked();
    const found = byKind(out.data);
    expect(Object.keys(found).sort()).toEqual(['CC-1:price-discount', 'CC-2:image-old', 'CC-2:name', 'CC-3:retired', 'CC-4:image-foreign', 'XX-9:not-in-catalog']);
    expect(found['CC-1:price-discount']!.finding).toMatchObject({ reason: { name: 'Price', value: 'Discount' }, retailerValue: '800.00 EUR', brandValue: '1000.00 EUR' });
    expect(found['CC-2:name']!.finding).toMatchObject({ retailerValue: 'Sac Lune Édition Spéciale XL', brandValue: 'Sac Lune' });
    expect(found['CC-2:image-old']!.finding.reason).toEqual({ name: 'Image Issues', value: '' });
    expect(found['CC-4:image-foreign']!.finding.evidence).toMatchObject({ distance: expect.any(Number) });
    expect(found['CC-4:image-foreign']!.finding.evidence.distance as number).toBeGreaterThan(10);
    const confidences = out.data.map((s) => s.finding.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect(out.state.counts).toEqual({ checked: 6, withFindings: 5, open: 6, flagged: 0, dismissed: 0 });
  });

  it('Flag opens the product case with the proposed reason and a message; a second Flag of it is refused', async () => {
    const discount = byKind((await suggestions()).data)['CC-1:price-discount']!;
    const flagged = await callRoute('flagSuggestion', { token: brandAdmin, params: { brandId: BRAND._id, periodId, suggestionId: discount._id }, body: {} });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    expect(flagged.body.data.status).toBe('flagged');
    const again = await callRoute('flagSuggestion', { token: brandAdmin, params: { brandId: BRAND._id, periodId, suggestionId: discount._id }, body: {} });
    expect(again.status).toBe(409);
    expect(errorBody(again).message).toBe('Someone has already decided on this suggestion.');
    const list = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: periodId, limit: '100' }, token: brandAdmin });
    const product = list.body.data.find((x) => 'style_number' in x && x.style_number === 'CC-1') as { isFlagged: string; flagMessage: { reason: { name: string; value: string }[]; message: string } };
    expect(product.isFlagged).toBe('yes');
    expect(product.flagMessage.reason).toEqual([{ name: 'Price', value: 'Discount' }]);
    expect(product.flagMessage.message).toContain('800.00 EUR');
    const { caseIdOf } = await import('../../functions/cases');
    const c = await callRoute('getCase', { params: { caseId: caseIdOf(BRAND._id, R._id, 'CC-1') }, token: brandAdmin });
    expect(c.status).toBe(200);
    expect((c.body as { data: { status: string } }).data.status).toBe('open');
    const state = (await suggestions()).state.counts;
    expect(state).toMatchObject({ open: 5, flagged: 1 });
    expect((await suggestions('flagged')).data.map((s) => s._id)).toEqual([discount._id]);
  });

  it('Dismiss needs a reason, is remembered: Check again brings the same picture back neither as open nor at all; the flagged one stays flagged', async () => {
    const foreign = byKind((await suggestions()).data)['CC-4:image-foreign']!;
    const bare = await callRoute('dismissSuggestion', { token: brandAdmin, params: { brandId: BRAND._id, periodId, suggestionId: foreign._id }, body: { reason: ' ' } });
    expect(bare.status).toBe(400);
    const dismissed = await callRoute('dismissSuggestion', { token: brandAdmin, params: { brandId: BRAND._id, periodId, suggestionId: foreign._id }, body: { reason: 'Our campaign shot for this retailer.' } });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect((await suggestions()).state.counts).toMatchObject({ withFindings: 4, open: 4, flagged: 1, dismissed: 1 });

    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    const fingerprints = async () => (await ddb.send(new ScanCommand({ TableName: table.name, FilterExpression: 'entity = :e', ExpressionAttributeValues: { ':e': 'PictureHash' }, Select: 'COUNT' }))).Count ?? 0;
    const before = await fingerprints();

    const first = (await suggestions()).state.checkedAt;
    const again = await callRoute('checkSuggestionsAgain', { token: brandAdmin, params: { brandId: BRAND._id, periodId } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const out = await checked(first);
    expect(Object.keys(byKind(out.data)).sort()).toEqual(['CC-2:image-old', 'CC-2:name', 'CC-3:retired', 'XX-9:not-in-catalog']);
    expect((await suggestions('flagged')).data.map((s) => `${s.finding.styleNumber}:${s.finding.kind}`)).toEqual(['CC-1:price-discount']);
    expect(out.state.counts).toEqual({ checked: 6, withFindings: 4, open: 4, flagged: 1, dismissed: 0 });
    // Nothing was fingerprinted again: every picture's bytes were seen.
    expect(await fingerprints()).toBe(before);
    // The Retailer List's count is the list's open suggestions.
    const listed = await callRoute('listRetailerScrapings', { params: { brandId: BRAND._id }, token: brandAdmin });
    expect(listed.body.data.find((r) => r.retailer._id === R._id)).toMatchObject({ suggestions: 4, flaggedProduct: 1 });
  });

  it('a start that fails (no checks machine to start) says so on the scan with its reason, and Check again recovers it', async () => {
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { PutCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    const { getPeriod } = await import('../../functions/scrapings');
    const { startChecksOfFile } = await import('../../functions/content');
    const fileId = `file-cc-start-${tag}`;
    const period = await getPeriod(periodId);
    // A publication's stage record naming the period (Cleanup deletes them after StartChecks).
    await ddb.send(new PutCommand({ TableName: table.name, Item: { pk: `FILE#${fileId}`, sk: `STAGE#${BRAND._id}`, entity: 'Stage', fileId, brand: BRAND._id, date: period!.date, period } }));
    // This test process binds no local checks runner and has no CHECKS_STATE_MACHINE_ARN: the start fails as an unreachable machine would.
    await expect(startChecksOfFile(fileId)).rejects.toThrow(/did not start/);
    await ddb.send(new DeleteCommand({ TableName: table.name, Key: { pk: `FILE#${fileId}`, sk: `STAGE#${BRAND._id}` } }));
    const failed = await suggestions();
    expect(failed.state.status).toBe('failed');
    expect(failed.state.error).toMatch(/^The checks could not start: /);
    // The shown run's suggestions stay listed meanwhile.
    expect(failed.data.length).toBeGreaterThan(0);
    const first = failed.state.checkedAt;
    expect((await callRoute('checkSuggestionsAgain', { token: brandAdmin, params: { brandId: BRAND._id, periodId } })).status).toBe(200);
    expect((await checked(first)).state.status).toBe('done');
  });

  it("refuses another brand's admin, a foreign suggestion id and a User of another retailer", async () => {
    const cp = await login('castellane@demo.test');
    const open = (await suggestions()).data[0]!;
    expect((await callRoute('listSuggestions', { token: cp, params: { brandId: BRAND._id, periodId }, query: {} })).status).toBe(403);
    expect((await callRoute('listSuggestions', { token: cp, params: { brandId: 'brand-castellane', periodId }, query: {} })).status).toBe(404);
    expect((await callRoute('dismissSuggestion', { token: cp, params: { brandId: 'brand-castellane', periodId, suggestionId: open._id }, body: { reason: 'x' } })).status).toBe(404);
    const wrong = await callRoute('flagSuggestion', { token: brandAdmin, params: { brandId: BRAND._id, periodId, suggestionId: 'A'.repeat(44) }, body: {} });
    expect(wrong.status).toBe(404);
    expect((await suggestions()).data.find((s) => s._id === open._id)?.status).toBe('open');
  });
});
