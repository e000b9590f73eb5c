/** Response shapes of the scan-period and retailer calls (spec 000 §3, 001 §3). Pure. */
import type { WebsiteType } from '../../shared/constants';
import type { Retailer } from '../../shared/types';
import { isRealDate } from '../files';
import type { NextScan } from '../../shared/schemas/retailer-scrapings';
import { nextScanDayOf, type ShownPeriod } from './domain/scan-info';
import type { RetailerBrandScraping, ScanInfo } from './scrapings.repo';

/** A period option of the Select Period list. */
export const periodOption = (p: Pick<RetailerBrandScraping, '_id' | 'date'>) => ({ _id: p._id, value: p.date });

/** "Scraping info" of GET /RetailerScraping/{brandId}/{periodId}, with its Next Scan (`nextScanOf`). */
export function scrapingInfoView(p: RetailerBrandScraping, nextScan: NextScan) {
  return {
    kind: 'period' as const,
    _id: p._id,
    brand: p.brand,
    retailer: p.retailer,
    date: p.date,
    previousPeriod: p.previousPeriod,
    previousPeriodId: p.previousPeriodId,
    totalProducts: p.totalProducts,
    previousTotalProducts: p.previousTotalProducts,
    added: p.added,
    deleted: p.deleted,
    changed: p.changed,
    unchanged: p.unchanged,
    approvedDate: p.approvedDate,
    // A stored record never makes the read fail: a date that is not one has no next scan day.
    nextScanDay: isRealDate(p.date) ? nextScanDayOf(p.date) : null,
    nextScan,
  };
}

/** The latest period of a scan info as `nextScanOf` reads it (none before the first product file, or once it is gone). */
export const shownPeriodOf = (info: ScanInfo | undefined): ShownPeriod | undefined =>
  info?.productDate && info.approvedDate ? { date: info.productDate, approvedDate: info.approvedDate } : undefined;

/**
 * The scan info as shown when its latest period may be gone (deleted by retention 6 months after
 * its date: docs/decisions.md "Retention"): without that period, its figures and dates are not
 * shown (as before the retailer's first product file), so no link points at a period that is gone.
 * The rest (the brand's flag, brand page and menu fields) stays.
 */
export function withoutGonePeriod(info: ScanInfo | undefined, periodExists: boolean): ScanInfo | undefined {
  if (!info?.periodId || periodExists) return info;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { periodId, productDate, totalProducts, previousTotalProducts, approvedDate, nextScanDay, ...rest } = info;
  return rest;
}

/** The scan info fields with their defaults before any file was applied. */
export function scanInfoFields(info: ScanInfo | undefined) {
  return {
    isFlagged: info?.isFlagged ?? 'no',
    flagMessage: info?.flagMessage ?? null,
    totalProducts: info?.totalProducts ?? 0,
    previousTotalProducts: info?.previousTotalProducts ?? 0,
    approvedDate: info?.approvedDate ?? null,
    nextScanDay: info?.nextScanDay ?? null,
    featuredInMenu: info?.featuredInMenu ?? false,
    featuredMenus: info?.featuredMenus ?? [],
    siteLink: info?.siteLink ?? '',
    brandLink: info?.brandLink ?? '',
    brand_description: info?.brand_description ?? '',
    brand_logo: info?.brand_logo ?? '',
    brand_hero_image: info?.brand_hero_image ?? '',
    brand_screenshot: info?.brand_screenshot ?? '',
    brand_screenshot_large: info?.brand_screenshot_large ?? '',
  };
}

/** "Retailer scan info" of GET /RetailerScraping/{brandId}/{retailerId} (with the retailer, 001 §3 Retailer). */
export function retailerInfoView(a: {
  id: string;
  retailer: Retailer;
  webSiteType?: WebsiteType;
  brandName: string;
  info: ScanInfo | undefined;
  latest: RetailerBrandScraping | undefined;
  nextScan: NextScan;
  /** Its product data delayed since (issue 25): the brand row's `delayed`. */
  delayed: { delayedSince: string | null; delayedKind: 'late' | 'stuck' | null };
}) {
  return {
    kind: 'retailer' as const,
    _id: a.id,
    retailer: { _id: a.retailer._id, name: a.retailer.name, optId: a.retailer.optId, slug: a.retailer.slug, website: a.retailer.website },
    brand_retailer: { webSiteType: a.webSiteType ?? 'retailerWithProducts' },
    brand_name: a.brandName,
    ...scanInfoFields(a.info),
    nextScan: a.nextScan,
    period: a.latest ? { _id: a.latest._id, date: a.latest.date, previousPeriod: a.latest.previousPeriod } : null,
    ...a.delayed,
  };
}

/** One record of GET /RetailerScraping/{brandId} (000 §3 "Retailer scraping record"). */
export function retailerScrapingRecord(a: {
  retailer: Retailer;
  webSiteType?: WebsiteType;
  brandName: string;
  info: ScanInfo | undefined;
  flaggedProduct: number;
  users: string[];
  nextScan: NextScan;
}) {
  const f = scanInfoFields(a.info);
  return {
    /** The latest period (retailer_brand_scraping), null before the first. */
    _id: a.info?.periodId ?? null,
    date: a.info?.productDate ?? null,
    retailer: { _id: a.retailer._id, name: a.retailer.name, optId: a.retailer.optId },
    brand_retailer: { webSiteType: a.webSiteType ?? 'retailerWithProducts' },
    brand_name: a.brandName,
    brand_screenshot: f.brand_screenshot,
    totalProducts: f.totalProducts,
    previousTotalProducts: f.previousTotalProducts,
    flaggedProduct: a.flaggedProduct,
    approvedDate: f.approvedDate,
    nextScanDay: f.nextScanDay,
    nextScan: a.nextScan,
    isFlagged: f.isFlagged,
    users: a.users,
  };
}
