/**
 * What a newly published scan settles (issue 24 §4):
 * - each active price case of the retailer whose product the new scan shows in price sync
 *   (present, matched to an on-hand item, in price sync within the brand's tolerance, as the In
 *   Price Sync tab reads it)
 *   closes itself, "Fixed on the scan of <date>", and the product's carried flag is removed in the
 *   same transaction. A case with another reason (an image, a note) is not something a scan can
 *   prove: it stays for the brand to close;
 * - a case a scan closed in the last RELAPSE_DAYS whose product is out of sync again (a relapse)
 *   reopens, as a repeat, and the product is flagged again with the case's reasons.
 * - a brand profile case about something missing (a logo, visuals, a bio) that the next brand page
 *   scan shows closes itself the same way (settleProfileCase).
 * Run after each publication of a product or brand page file (functions/files/workflow/publish.ts)
 * and again when that step is retried: a settled case has nothing left to do.
 */
import { priceInSync } from '../../shared/price-sync';
import { activeCases, caseIdOf, casesResolvedSince, caseWritesFor, flagStep, getCase, getCaseSettings, keepEvidencePictures, priceGap, PROFILE_SUBJECT, putTrendPoint, resolveStep, retailerFigure, type CaseRecord } from '../cases';
import { pipelineNowIso } from '../lib/clock';
import { usDate } from '../lib/us-date';
import { onHandMatcher, type OnHand } from './case-evidence';
import type { ProductScrape } from './domain/product';
import { productIdOf } from './domain/ids';
import { getPeriod, getProduct, getScanInfo, listStages, setScanInfoFlag, updateProductFields } from './scrapings.repo';

const PRICE_ONLY = (reasons: readonly { name: string }[]) => reasons.length > 0 && reasons.every((r) => r.name === 'Price');

/** How long after a scan closed a case a new scan still reopens it when the price is off again. */
export const RELAPSE_DAYS = 90;

/** The cases the file's published periods settle: how many closed and reopened. */
export async function settleCasesOfFile(fileId: string): Promise<{ closed: number; reopened: number }> {
  const out = { closed: 0, reopened: 0 };
  for (const st of await listStages(fileId)) {
    if (st.scan?.source === 'brandPageDate') {
      if (await settleProfileCase(st.brand, st.retailer, st.date)) out.closed++;
      continue;
    }
    if (!st.period) continue;
    const n = await settlePeriodCases(st.period._id);
    out.closed += n.closed;
    out.reopened += n.reopened;
  }
  return out;
}

/** The brand-page field a "… is missing" reason of a brand profile flag is about (shared/schemas/scrapings.ts BRAND_FLAG_REASONS). */
const MISSING_FIELD: Record<string, 'brand_logo' | 'brand_hero_image' | 'brand_description'> = {
  'Logo is missing': 'brand_logo',
  'Visuals are missing': 'brand_hero_image',
  'Bio is missing': 'brand_description',
};

/**
 * A brand page scan published for the brand at the retailer: its active profile case closes itself
 * when every reason is something missing that the scan now shows (a logo, the visuals, a bio),
 * "Fixed on the brand page scan of <date>", and the profile is unflagged in the same transaction.
 * Only when this scan is the profile's latest (a newer one published first decides). Any other
 * reason (an old logo, a typo) stays for the brand to judge.
 */
export async function settleProfileCase(brand: string, retailer: string, scanDate: string): Promise<boolean> {
  const c = await getCase(caseIdOf(brand, retailer, PROFILE_SUBJECT));
  if (!c || c.status === 'resolved' || !c.evidence.reasons.length) return false;
  const info = await getScanInfo(brand, retailer);
  if (!info || info.isFlagged !== 'yes' || info.brandPageDate !== scanDate) return false;
  const shown = c.evidence.reasons.every((r) => {
    const field = MISSING_FIELD[r.value];
    return !!field && String(info[field] ?? '').trim() !== '';
  });
  if (!shown) return false;
  const at = pipelineNowIso();
  const done = await setScanInfoFlag(info._id, 'no', undefined, async () =>
    caseWritesFor(c._id, (current) => resolveStep(current, { resolution: 'scan_fixed', reason: `Fixed on the brand page scan of ${usDate(scanDate)}`, at, by: null, kind: 'auto_resolved' })),
  );
  return !!done;
}

export async function settlePeriodCases(periodId: string): Promise<{ closed: number; reopened: number }> {
  const period = await getPeriod(periodId);
  if (!period?.version) return { closed: 0, reopened: 0 };
  // The scan's trend point first: what this scan then closes or reopens moves it (the point of a
  // scan says how things stand while it is the latest).
  await recordTrend(periodId);
  let matcher: Awaited<ReturnType<typeof onHandMatcher>> | undefined;
  // Read, like the on-hand items, only when a price case is checked against the scan.
  let tolerance: Awaited<ReturnType<typeof getCaseSettings>> | undefined;
  let closed = 0;
  let reopened = 0;
  const at = period.approvedDate ?? new Date().toISOString();
  for await (const page of activeCases(period.brand, period.retailer)) {
    for (const c of page) {
      if (c.kind !== 'product' || !PRICE_ONLY(c.evidence.reasons)) continue;
      const product = await getProduct(productIdOf(period._id, c.style_number));
      if (!product || product.type === 'deleted' || product.isFlagged !== 'yes' || product.price === null) continue;
      matcher ??= await onHandMatcher(period.brand, period.retailer);
      const onHand = matcher(product);
      tolerance ??= await getCaseSettings(period.brand);
      if (!onHand || !priceInSync(onHand.price, product.price, tolerance)) continue;
      const done = await updateProductFields(product._id, { isFlagged: 'no', flagMessage: undefined }, undefined, async ({ published }) =>
        published ? caseWritesFor(c._id, (current) => resolveStep(current, { resolution: 'scan_fixed', reason: `Fixed on the scan of ${usDate(period.date)}`, at, by: null, kind: 'auto_resolved' })) : [],
      );
      if (done) closed++;
    }
  }
  const since = new Date(Date.parse(at) - RELAPSE_DAYS * 86_400_000).toISOString();
  for await (const page of casesResolvedSince(period.brand, period.retailer, since)) {
    for (const c of page) {
      if (c.resolution !== 'scan_fixed' || c.kind !== 'product' || !PRICE_ONLY(c.evidence.reasons) || (c.resolvedAt ?? '') >= at) continue;
      const product = await getProduct(productIdOf(period._id, c.style_number));
      if (!product || product.type === 'deleted' || product.isFlagged === 'yes' || product.price === null) continue;
      matcher ??= await onHandMatcher(period.brand, period.retailer);
      const onHand = matcher(product);
      tolerance ??= await getCaseSettings(period.brand);
      if (!onHand || onHand.price === null || priceInSync(onHand.price, product.price, tolerance)) continue;
      if (await reflag(c, product, onHand, period.date, at)) reopened++;
    }
  }
  return { closed, reopened };
}

/** The scan's point of the retailer's trend (issue 24 §5): its cases and price flags as this scan leaves them. */
export async function recordTrend(periodId: string): Promise<void> {
  const period = await getPeriod(periodId);
  if (!period?.version) return;
  const f = await retailerFigure(period.brand, period.retailer);
  await putTrendPoint(period.brand, period.retailer, {
    date: period.date,
    open: f.open + f.notified + f.acknowledged,
    activeProducts: f.activeProducts,
    totalProducts: period.totalProducts ?? 0,
    priceIssues: period.priceFlaggedCount ?? 0,
  });
}

/**
 * The product flagged again with the case's reasons, and the case reopened with what this scan
 * shows, in one transaction; then that opening's pictures kept (issue 24 §2; a failed copy is
 * only logged).
 */
async function reflag(c: CaseRecord, product: ProductScrape, onHand: OnHand, scanDate: string, at: string): Promise<boolean> {
  const message = `Came back on the scan of ${usDate(scanDate)}.`;
  const reasons = c.evidence.reasons;
  let reopened: CaseRecord | undefined;
  const done = await updateProductFields(product._id, { isFlagged: 'yes', flagMessage: { reason: reasons, message, state: { price: product.price }, date: at } }, undefined, async ({ published }) => {
    reopened = undefined;
    return published
      ? caseWritesFor(c._id, (current) => {
          const step = flagStep(current, {
            brand: product.brand,
            retailer: product.retailer,
            kind: 'product',
            style_number: product.style_number,
            name: product.name,
            productId: product._id,
            at,
            by: null,
            evidence: {
              scanDate,
              periodId: product.retailer_brand_scraping,
              reasons,
              message,
              scraped: { name: product.name, style_number: product.style_number, price: product.price, URL: product.URL ?? '', image: product.image ?? '', screenshot: product.screenshot ?? '', brand_sku: product.brand_sku ?? '' },
              onHand,
              gap: priceGap(product.price, onHand.price),
            },
          });
          reopened = step?.event.kind === 'reopened' ? step.after : undefined;
          return step;
        })
      : [];
  });
  if (done && reopened) await keepEvidencePictures(reopened);
  return !!done;
}
