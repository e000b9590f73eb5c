/**
 * The brand's activity log (docs/decisions.md "Scheduled reports"): what the daily and weekly
 * digests report, written on the write path in the same transaction as the change, one small item
 * per event, kept 35 days (TTL):
 *   pk ACTIVITY#<brand>, sk <ISO time>#<retailer>#<kind>#<ref>
 * - `approved`: a file published for the brand at a retailer (the product file's added/removed
 *   counts; homepage and brand files too) — functions/scrapings/apply.ts publishFile;
 * - `flag`: a product's flag or its Price reason changed on the published version —
 *   scrapings.repo.ts updateProductFields.
 * Read with one Query per brand and window (functions/reports/jobs/jobs.repo.ts).
 */
import { table } from '../lib/table';

export const ACTIVITY_TTL_DAYS = 35;

interface ActivityBase {
  brand: string;
  retailer: string;
  /** ISO time of the change. */
  at: string;
}
export interface ApprovedActivity extends ActivityBase {
  kind: 'approved';
  fileId: string;
  fileType: string;
  /** The scan date of the file. */
  date: string;
  /** Product files: the period and its figures against the scan before. */
  periodId?: string;
  totalProducts?: number;
  added?: number;
  deleted?: number;
  changed?: number;
}
export interface FlagActivity extends ActivityBase {
  kind: 'flag';
  productId: string;
  name: string;
  style_number?: string;
  wasFlagged: boolean;
  flagged: boolean;
  wasPrice: boolean;
  price: boolean;
}
export type Activity = ApprovedActivity | FlagActivity;

export const activityPk = (brand: string) => `ACTIVITY#${brand}`;

/** A PutItem of one event (for a TransactWriteItems). */
export function activityPut(a: Activity, ref: string) {
  return {
    Put: {
      TableName: table.name,
      Item: {
        pk: activityPk(a.brand),
        sk: `${a.at}#${a.retailer}#${a.kind}#${ref}`,
        entity: 'Activity',
        ...a,
        [table.ttl]: Math.floor(Date.parse(a.at) / 1000) + ACTIVITY_TTL_DAYS * 24 * 3600,
      },
    },
  };
}
