/**
 * What a newly published scan settles (issue 24 §4):
 * - each active price case of the retailer whose product the new scan shows in price sync
 *   (present, matched to an on-hand item, the same price, as the In Price Sync tab reads it)
 *   closes itself, "Fixed on the scan of <date>", and the product's carried flag is removed in the
 *   same transaction. A case with another reason (an image, a note) is not something a scan can
 *   prove: it stays for the brand to close;
 * - a case a scan closed in the last RELAPSE_DAYS whose product is out of sync again (a relapse)
 *   reopens, as a repeat, and the product is flagged again with the case's reasons.
 * Run after each publication of a product file (functions/files/workflow/publish.ts) and again when
 * that step is retried: a settled case has nothing left to do.
 */
import { activeCases, casesResolvedSince, caseWritesFor, flagStep, keepEvidencePictures, priceGap, putTrendPoint, resolveStep, retailerFigure, type CaseRecord } from '../cases';
import { usDate } from '../lib/us-date';
import { onHandMatcher, type OnHand } from './case-evidence';
import type { ProductScrape } from './domain/product';
import { productIdOf } from './domain/ids';
import { getPeriod, getProduct, listStages, updateProductFields } from './scrapings.repo';

const PRICE_ONLY = (reasons: readonly { name: string }[]) => reasons.length > 0 && reasons.every((r) => r.name === 'Price');

/** How long after a scan closed a case a new scan still reopens it when the price is off again. */
export const RELAPSE_DAYS = 90;

/** The cases the file's published periods settle: how many closed and reopened. */
export async function settleCasesOfFile(fileId: string): Promise<{ closed: number; reopened: number }> {
  const out = { closed: 0, reopened: 0 };
  for (const st of await listStages(fileId)) {
    if (!st.period) continue;
    const n = await settlePeriodCases(st.period._id);
    out.closed += n.closed;
    out.reopened += n.reopened;
  }
  return out;
}

export async function settlePeriodCases(periodId: string): Promise<{ closed: number; reopened: number }> {
  const period = await getPeriod(periodId);
  if (!period?.version) return { closed: 0, reopened: 0 };
  // The scan's trend point first: what this scan then closes or reopens moves it (the point of a
  // scan says how things stand while it is the latest).
  await recordTrend(periodId);
  let matcher: Awaited<ReturnType<typeof onHandMatcher>> | undefined;
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
      if (!onHand || onHand.price !== product.price) continue;
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
      if (!onHand || onHand.price === null || onHand.price === product.price) continue;
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
