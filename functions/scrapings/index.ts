/**
 * Periods, scans and products: who sees them, their reads, the approval's stage, publish and clean-up, the on-hand snapshots, the brand rows' refresh.
 * The public surface of functions/scrapings/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { assertCanSee, assertCanSeeRetailer } from './access';
export { activityPk, type Activity } from './activity';
export { cleanupFile, publishFile, stageBrandFile, stageHomepageFile, stageProductFile, type StageProgress } from './apply';
export { batchWrite, type WriteRequest } from './batch';
export { flagProductKeepingEvidence, resolveCaseFor } from './flags';
export { settleCasesOfFile } from './settle-cases';
export { listBrandRows, refreshBrandRow, refreshRetailerRows } from './brand-rows.repo';
export type { CarryingBrand } from './domain/brand-split';
export { scanInfoIdOf, splitProductId } from './domain/ids';
export type { ProductScrape } from './domain/product';
export type { OhRow, PricedProductRow, ViewRow } from './domain/product-view';
export { nextScanOf, todayUtc } from './domain/scan-info';
export { shownPeriodOf, withoutGonePeriod } from './present';
export { productPage, productRows } from './product-reads';
export { countFlaggedProducts, getPeriod, getProduct, getScanInfo, getScanInfoById, listBrandPeriodsOfMonth, listRetailerPeriods, listStages, type ReportPeriod } from './scrapings.repo';
export { getSkuSnapshot, putOhSnapshot, putSkuSnapshot } from './snapshots.repo';
