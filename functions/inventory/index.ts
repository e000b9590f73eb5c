/**
 * The on-hand feed: its items and their matching to products, its ingest, its reads.
 * The public surface of functions/inventory/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { brandSkuIdOf, type BrandSkuOption } from './domain/brand-skus';
export { indexOhItems, indexOhPositions, matchIds, matchProduct, type OhPositionIndex } from './domain/matching';
export { idKey, toOhItem, type OhItem } from './domain/oh-feed';
export { ingestOhFeed, type IngestOhResult } from './ingest-oh';
export { getCurrentFeed, getOhItem, listCustomerItemsOfVersion } from './inventory.repo';
