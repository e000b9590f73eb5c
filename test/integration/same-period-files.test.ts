/**
 * GET /samePeriodFiles/{fId} (001 §7), the comparison page's "Same period files": the retailer's
 * other files of the file's scan period, read from the retailer's own partitions (gsi2
 * `RFILES#<retailer>#<type>`, the date as a key prefix), so what it reads does not grow with the
 * brand's other retailers. On a table of the suite's own: 200 retailers with files of the same
 * date, the DynamoDB items read counted with a middleware on the client.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../functions/files/files.repo';
import { countDynamoReads } from '../support/count-reads';
import { useOwnTable, type OwnTable } from '../support/own-table';

const tag = randomBytes(4).toString('hex');
const DATE = '2021-03-08';
const OURS = `ours-${tag}`;
const OTHERS = Array.from({ length: 200 }, (_, i) => `other${i}-${tag}`);
const MIDDLEWARE = `count-same-period-${tag}`;

let t: OwnTable;
let handler: Parameters<OwnTable['call']>[0];
const read = { items: 0 };

function fileOf(retailer: string, type: FileRecord['type'], date: string, n: number): FileRecord {
  const now = new Date(Date.UTC(2021, 2, 8, 0, 0, n)).toISOString();
  return {
    _id: `sp-${tag}-${retailer}-${type}-${date}-${n}`,
    date,
    fileName: `incoming/${type}/${retailer}/${date}/robot-${n}.csv`,
    name: retailer,
    retailer,
    retailerName: retailer,
    type,
    robot: `robot-${n}`,
    approvedStatus: 'pending',
    flag: 'unflagged',
    flagReasons: [],
    rowCount: 10,
    createdAt: now,
    updatedAt: now,
  };
}

const ours = {
  file: fileOf(OURS, 'product', DATE, 1),
  sameDate: [fileOf(OURS, 'product', DATE, 2), fileOf(OURS, 'brand', DATE, 3), fileOf(OURS, 'homepage', DATE, 4)],
  // Other periods of the same retailer, the day after and the week before: not listed.
  otherDate: [fileOf(OURS, 'product', '2021-03-09', 5), fileOf(OURS, 'brand', '2021-03-01', 6)],
};

beforeAll(async () => {
  t = await useOwnTable(`same-period-${tag}`);
  const files = await import('../../functions/files/files.repo');
  handler = (await import('../../functions/files/same-period')).handler;
  const all = [ours.file, ...ours.sameDate, ...ours.otherDate, ...OTHERS.flatMap((r, i) => [fileOf(r, 'product', DATE, 10 + i), fileOf(r, 'brand', DATE, 10 + i)])];
  for (let i = 0; i < all.length; i += 25) await Promise.all(all.slice(i, i + 25).map((f) => files.createFileOnce(f)));
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  countDynamoReads(ddb, (n) => (read.items += n), MIDDLEWARE);
}, 240_000);

describe('GET /samePeriodFiles/{fId}', () => {
  it("lists the retailer's other files of the period, by type then newest, and nothing of other dates or retailers", async () => {
    read.items = 0;
    const res = await t.call(handler, { params: { fId: ours.file._id } });
    expect(res.status).toBe(200);
    const listed = (res.body.samePeriodFiles as FileRecord[]).map((f) => f._id);
    expect(listed).toEqual([ours.sameDate[1]!._id, ours.sameDate[2]!._id, ours.sameDate[0]!._id]);
    // The file itself, its retailer's three files of the date and the retailer names: 200 other
    // retailers' 400 files of the same date are never read.
    expect(read.items).toBeLessThanOrEqual(1 + ours.sameDate.length + 1 + 1);
  });

  it("answers 404 'File not found.' for an unknown id", async () => {
    const res = await t.call(handler, { params: { fId: `missing-${tag}` } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('File not found.');
  });
});
