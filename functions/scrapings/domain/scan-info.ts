/**
 * Rules of a retailer's scan info (spec 000 §3 "Retailer scan info"): the next scan day and
 * "featured in menu" from the homepage and brand landing page files. Pure; docs/period-rules.md.
 */
import type { NextScan } from '../../../shared/schemas/retailer-scrapings';
import { HOMEPAGE_COLUMNS, splitList, type RobotRow } from '../../files';
import { namesBrand, type CarryingBrand } from './brand-split';

/** Robots scan weekly: the next scan is seven days after the period's date. */
export const SCAN_INTERVAL_DAYS = 7;

/** 'YYYY-MM-DD' + n days (UTC calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`Not a date: ${date}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const nextScanDayOf = (periodDate: string): string => addDays(periodDate, SCAN_INTERVAL_DAYS);

/** Today's calendar date (UTC), the day the scan states are judged on. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The period a screen shows, as far as its Next Scan goes. */
export interface ShownPeriod {
  /** Its scan date, YYYY-MM-DD. */
  date: string;
  /** Its approval (ISO): the Last Scan. */
  approvedDate: string;
}

/**
 * Next Scan of the period shown (docs/period-rules.md "Last Scan and Next Scan"): never a day
 * before its Last Scan (its approval), and a state in words rather than a day gone by.
 * - a newer period of the retailer exists (a past period): that scan (`scanned`), or
 *   `scanned_earlier` when it was scanned before this period was approved;
 * - else a newer product file of the retailer waits in the post office: `in_review`;
 * - else the period's date + 7 days: `scheduled` while it is today or later (and not before the
 *   approval), else `overdue` since that day.
 * A period whose date is no calendar date (stored before the check) has none.
 */
export function nextScanOf(a: { period: ShownPeriod | undefined; newer?: { _id: string; date: string }; newestInReview?: string; today: string }): NextScan {
  const p = a.period;
  if (!p) return { state: 'none' };
  const approvedDay = p.approvedDate.slice(0, 10);
  if (a.newer) return { state: a.newer.date < approvedDay ? 'scanned_earlier' : 'scanned', date: a.newer.date, periodId: a.newer._id };
  if (a.newestInReview !== undefined && a.newestInReview > p.date) return { state: 'in_review', date: a.newestInReview };
  let due: string;
  try {
    due = nextScanDayOf(p.date);
  } catch {
    return { state: 'none' };
  }
  // Approved after its due day (it waited in the post office): said as a scan still expected, never as
  // 'overdue since' a day before the Last Scan beside it.
  if (due < approvedDay) return { state: 'expected', date: due };
  return { state: due < a.today ? 'overdue' : 'scheduled', date: due };
}

/** What a homepage file says about one brand: whether it is featured and in which primary menus. */
export interface HomepageFeature {
  featured: boolean;
  menus: string[];
}

/**
 * A brand is featured in the retailer's menu when a homepage row
 * - names it in its Primary Menu or one of its Sub Menu entries, or
 * - has a Brand Featured cell naming it (a `|` list of brand names is allowed), or
 * - has a yes-like Brand Featured cell ('Yes', 'True', '1') and the brand is the only one
 *   carrying the retailer (a bare Yes cannot say which of several brands it means).
 */
export function homepageFeature(rows: readonly RobotRow[], brand: CarryingBrand, onlyBrand: boolean): HomepageFeature {
  const menus: string[] = [];
  for (const row of rows) {
    const primary = row[HOMEPAGE_COLUMNS.primaryMenu] ?? '';
    const subs = splitList(row[HOMEPAGE_COLUMNS.subMenu] ?? '');
    const featuredCell = (row[HOMEPAGE_COLUMNS.brandFeatured] ?? '').trim();
    const named = namesBrand(primary, brand) || subs.some((s) => namesBrand(s, brand));
    const cellNames = splitList(featuredCell).some((s) => namesBrand(s, brand));
    const bareYes = onlyBrand && YES.has(featuredCell.toLowerCase());
    if (named || cellNames || bareYes) menus.push(primary);
  }
  return { featured: menus.length > 0, menus };
}

const YES = new Set(['yes', 'y', 'true', '1']);

/** The two sources of featuredInMenu on a scan info, each with the date of the file it came from. */
export interface FeaturedSources {
  featuredInMenuHomepage?: boolean;
  homepageDate?: string;
  featuredInMenuBrandPage?: boolean;
  brandPageDate?: string;
}

/**
 * featuredInMenu shown to users: the answer of the newer file; on the same date the homepage
 * file wins (it sees the menu itself); neither file yet: false.
 */
export function featuredInMenuOf(s: FeaturedSources): boolean {
  const hp = s.homepageDate !== undefined && s.featuredInMenuHomepage !== undefined;
  const bp = s.brandPageDate !== undefined && s.featuredInMenuBrandPage !== undefined;
  if (hp && (!bp || s.homepageDate! >= s.brandPageDate!)) return s.featuredInMenuHomepage!;
  if (bp) return s.featuredInMenuBrandPage!;
  return false;
}
