/**
 * From the brand's retailer rows (brand-rows.repo.ts) to what the Retailer List, the tiles and
 * the summary stats show (000 §2, §3), one page of it. Pure: the reads pass the rows, the brand's
 * entries the caller sees, the periods retention has deleted, the reps and today.
 */
import type { WebsiteType } from '../../../shared/constants';
import { DEFAULT_LIST_SORT, matchesFilter, sortRows, tileMatcher, type ListFilter, type ListRowKeys, type ListSort } from '../../../shared/retailer-list';
import type { NextScan } from '../../../shared/schemas/retailer-scrapings';
import { utcDayMs, periodExpiresAt } from '../../../shared/retention';
import type { BrandRow } from '../brand-rows.repo';
import { nextScanOf } from './scan-info';
import { brandSummary, type BrandSummary } from './summary';

export interface Entry {
  retailer: string;
  webSiteType?: WebsiteType;
}

/** A period retention may have deleted: its date + 6 months is past (DynamoDB's TTL deletes it some time after). */
export function mayBeGone(date: string, nowSeconds: number): boolean {
  return utcDayMs(date) !== undefined && periodExpiresAt(date) <= nowSeconds;
}

/** The periods of these rows to look up before trusting them (those past their retention date). Each distinct date is judged once (a brand's retailers share their weekly scan dates). */
export function periodsToCheck(rows: Iterable<BrandRow>, nowSeconds: number): string[] {
  const out: string[] = [];
  const judged = new Map<string, boolean>();
  const gone = (date: string) => {
    let v = judged.get(date);
    if (v === undefined) judged.set(date, (v = mayBeGone(date, nowSeconds)));
    return v;
  };
  for (const r of rows) for (const p of [r.cur, r.prev]) if (p && gone(p.date)) out.push(p._id);
  return out;
}

/**
 * The row as shown when a period of it is gone: without its latest period, its figures and dates
 * are not shown (as before the retailer's first product file: scrapings/present.ts
 * withoutGonePeriod); without the one before, the summary's `prev` simply lacks it.
 */
export function withoutGone(row: BrandRow, gone: (periodId: string) => boolean): BrandRow {
  if (row.cur && gone(row.cur._id)) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { periodId, productDate, totalProducts, previousTotalProducts, approvedDate, nextScanDay, ...rest } = row.info ?? {};
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { cur, prev, ...others } = row;
    return { ...others, info: rest };
  }
  if (row.prev && gone(row.prev._id)) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { prev, ...others } = row;
    return others;
  }
  return row;
}

/** The row's "data delayed since" (issue 25) as the brand-side responses carry it: both null when the data is not delayed. */
export function delayedFields(row: Pick<BrandRow, 'delayed'> | undefined): { delayedSince: string | null; delayedKind: 'late' | 'stuck' | null } {
  return row?.delayed ? { delayedSince: row.delayed.since, delayedKind: row.delayed.kind } : { delayedSince: null, delayedKind: null };
}

/** One retailer of the list, before its screenshot is made a link. */
export interface ListedRetailer {
  _id: string | null;
  date: string | null;
  retailer: { _id: string; name: string; optId: string };
  brand_retailer: { webSiteType: WebsiteType };
  brand_name: string;
  brand_screenshot: string;
  totalProducts: number;
  previousTotalProducts: number;
  flaggedProduct: number;
  /** The shown scan's open suggestions of the content checks (issue 38); null before it was checked. */
  suggestions: number | null;
  approvedDate: string | null;
  nextScanDay: string | null;
  nextScan: NextScan;
  isFlagged: 'yes' | 'no';
  users: string[];
  /** The retailer's product data is delayed (issue 25): its robot late or its file held, since that day (YYYY-MM-DD); null when not. */
  delayedSince: string | null;
  delayedKind: 'late' | 'stuck' | null;
}

/** A row as a Retailer scraping record (000 §3). A scan info's latest period that is gone was taken off by `withoutGone`. */
export function listedRetailer(row: BrandRow, a: { webSiteType?: WebsiteType; brandName: string; users: string[]; today: string }): ListedRetailer {
  const info = row.info;
  const shown = info?.productDate && info.approvedDate ? { date: info.productDate, approvedDate: info.approvedDate } : undefined;
  return {
    _id: info?.periodId ?? null,
    date: info?.productDate ?? null,
    retailer: { _id: row.retailer, name: row.name ?? '', optId: row.optId ?? '' },
    brand_retailer: { webSiteType: a.webSiteType ?? 'retailerWithProducts' },
    brand_name: a.brandName,
    brand_screenshot: info?.brand_screenshot ?? '',
    totalProducts: info?.totalProducts ?? 0,
    previousTotalProducts: info?.previousTotalProducts ?? 0,
    flaggedProduct: row.cur && row.cur._id === info?.periodId ? row.cur.flaggedCount : 0,
    suggestions: row.content && row.content.periodId === info?.periodId ? row.content.open : null,
    approvedDate: info?.approvedDate ?? null,
    nextScanDay: info?.nextScanDay ?? null,
    nextScan: nextScanOf({ period: shown, newestInReview: row.inReview, today: a.today }),
    isFlagged: info?.isFlagged ?? 'no',
    users: a.users,
    ...delayedFields(row),
  };
}

const keysOf = (r: ListedRetailer): ListRowKeys => ({
  name: r.retailer.name,
  webSiteType: r.brand_retailer.webSiteType,
  totalProducts: r.totalProducts,
  flaggedProduct: r.flaggedProduct,
  approvedDate: r.approvedDate,
  nextScanDay: r.nextScan.state === 'none' ? null : r.nextScan.date,
});

export interface ListQuery {
  page: number;
  limit: number;
  sort?: ListSort;
  filter?: ListFilter;
  /** The tiles' retailer-name search. */
  search?: string;
  /** The tiles' rep filter: a rep's name. */
  rep?: string;
}

/**
 * One page of the list: the records matching the filters, sorted, `limit` of them from page
 * `page` (a page past the end answers the last page: the pager's own rule), with
 * `totalCount` (the matches) and `page` (the one answered).
 */
export function listPage(records: readonly ListedRetailer[], q: ListQuery): { data: ListedRetailer[]; totalCount: number; page: number } {
  const text = tileMatcher(q.search, q.rep);
  const matching = records.filter((r) => matchesFilter(r.brand_retailer.webSiteType, q.filter ?? 'all') && text({ name: r.retailer.name, users: r.users }));
  const sorted = sortRows(matching, keysOf, q.sort ?? DEFAULT_LIST_SORT);
  const pages = Math.max(1, Math.ceil(sorted.length / q.limit));
  const page = Math.min(Math.max(1, q.page), pages);
  return { data: sorted.slice((page - 1) * q.limit, page * q.limit), totalCount: sorted.length, page };
}

/** The summary stats of the rows the caller sees (one each; `withoutGone` applied). */
export function rowsSummary(rows: readonly BrandRow[]): BrandSummary {
  return brandSummary(
    rows.map((r) => {
      const cur = r.cur && r.cur._id === r.info?.periodId ? r.cur : undefined;
      const prev = cur && r.prev && r.prev._id === cur.previousPeriodId ? r.prev : undefined;
      return {
        current: cur ? { totalProducts: cur.totalProducts, flaggedProducts: cur.flaggedCount } : undefined,
        prev: prev ? { totalProducts: prev.totalProducts, flaggedProducts: prev.flaggedCount } : undefined,
        firstScan: cur !== undefined && cur.previousPeriodId === null,
      };
    }),
  );
}
