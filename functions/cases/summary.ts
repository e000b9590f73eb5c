/**
 * The programme at a glance (issue 24 §5), read from figures kept on write, never from the cases:
 * the brand's totals and this month's item, one small item per retailer (≤ the retailers the
 * brand carries), the overdue notices by their keys, and the trend's points. A User assigned some
 * retailers sees those retailers' figures only (the brand-wide month and days to resolve: none).
 */
import { ROLE } from '../../shared/constants';
import type { CaseSummary } from '../../shared/schemas/cases';
import { getBrand } from '../brands';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { retailerNames } from '../retailers';
import { listBrandRows } from '../scrapings';
import { brandFigures, countOverdue, retailerFigures, trendPoints, type TrendPoint } from './cases.repo';
import { getCaseSettings } from './settings.repo';

const compliance = (activeProducts: number, totalProducts: number): number | null => (totalProducts > 0 ? Math.round(Math.max(0, 1 - activeProducts / totalProducts) * 1000) / 10 : null);

/** The median of a histogram of [upper bound, count], as the bucket's upper bound. */
export function medianBucket(histogram: readonly (readonly [number, number])[]): number | null {
  const total = histogram.reduce((n, [, c]) => n + c, 0);
  if (!total) return null;
  let seen = 0;
  for (const [bound, c] of histogram) {
    seen += c;
    if (seen * 2 >= total) return bound;
  }
  return null;
}

/**
 * The retailers' names from the brand's rows (one Query of small items, kept on write: the
 * Retailer List's), a retailer without a row yet from its record.
 */
async function namesOf(brandId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await listBrandRows(brandId);
  const names = new Map<string, string>();
  for (const id of ids) {
    const name = rows.get(id)?.name;
    if (name) names.set(id, name);
  }
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) for (const [id, name] of await retailerNames(missing)) names.set(id, name);
  return names;
}

export async function caseSummaryFor(auth: AuthContext, brandId: string, now = new Date()): Promise<CaseSummary> {
  const month = now.toISOString().slice(0, 7);
  const whole = auth.isAdmin || auth.role !== ROLE.USER || auth.retailers.length === 0;
  // Chains side by side: the brand, then its retailers' names; the settings and the brand's totals, then the overdue count (from those totals' cases awaiting an answer).
  const carriedP = getBrand(brandId).then((brand) => (brand?.retailers ?? []).filter((r) => r.flag !== false && canSeeRetailer(auth, r.retailer)).map((r) => r.retailer));
  const settingsP = getCaseSettings(brandId);
  const brandWideP = brandFigures(brandId, month);
  const [carried, names, figures, brandWide, settings, overdue] = await Promise.all([
    carriedP,
    carriedP.then((ids) => namesOf(brandId, ids)),
    retailerFigures(brandId),
    brandWideP,
    settingsP,
    whole ? Promise.all([settingsP, brandWideP]).then(([s, b]) => countOverdue(brandId, new Date(now.getTime() - s.overdueDays * 86_400_000).toISOString(), b.total.notified)) : Promise.resolve(null),
  ]);
  const byRetailer = new Map(figures.map((f) => [f.retailer, f]));
  const ranking = carried
    .map((id) => {
      const f = byRetailer.get(id);
      const open = f ? f.open + f.notified + f.acknowledged : 0;
      return { retailer: id, name: names.get(id) ?? id, compliance: f ? compliance(f.activeProducts, f.totalProducts) : null, open, activeProducts: f?.activeProducts ?? 0, totalProducts: f?.totalProducts ?? 0, latestDate: f?.latestDate ?? null };
    })
    .sort((a, b) => (a.compliance ?? 101) - (b.compliance ?? 101) || b.open - a.open || a.name.localeCompare(b.name));
  return {
    figures: {
      open: ranking.reduce((n, r) => n + r.open, 0),
      newThisMonth: whole ? brandWide.month.opened : null,
      resolvedThisMonth: whole ? brandWide.month.resolved : null,
      noticesThisMonth: whole ? brandWide.month.notices : null,
      compliant: ranking.filter((r) => r.open === 0).length,
      retailers: ranking.length,
      overdue,
      overdueDays: settings.overdueDays,
      medianDaysToResolve: whole ? medianBucket(brandWide.histogram) : null,
      month,
    },
    ranking,
  };
}

const pointView = (p: TrendPoint) => ({ date: p.date, open: p.open, priceIssues: p.priceIssues, compliance: compliance(p.activeProducts, p.totalProducts) });

/** A retailer's last 52 scans, or the brand's last 24 months, oldest first. */
export async function caseTrendFor(auth: AuthContext, brandId: string, retailerId: string | undefined) {
  if (retailerId && !canSeeRetailer(auth, retailerId)) return { data: [] };
  if (!retailerId && !(auth.isAdmin || auth.role !== ROLE.USER || auth.retailers.length === 0)) return { data: [] };
  const points = await trendPoints(brandId, retailerId, retailerId ? 52 : 24);
  return { data: points.reverse().map(pointView) };
}
