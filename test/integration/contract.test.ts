/**
 * The typed contract holds on the wire: what the post-office calls answer on the local stack
 * parses with the response schemas the web's types and the handlers' return types come from
 * (shared/routes/responses.ts), field for field (strict objects: no field the schema does not
 * name, none missing).
 */
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteId } from '../../shared/routes';
import { responses } from '../../shared/routes/responses';
import { callRoute, login } from '../support/api';

let admin = '';
beforeAll(async () => {
  admin = await login('admin@demo.test');
});

/** The schema with every object strict, so an extra field the contract does not name fails too. */
function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strict(v as z.ZodType)])));
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  return schema;
}

function expectContract(id: RouteId & keyof typeof responses, body: unknown): void {
  const result = strict(responses[id]).safeParse(body);
  expect(result.success ? [] : result.error.issues.slice(0, 5), id).toEqual([]);
}

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
