/**
 * The brand's catalogue (golden record, issue 38): its ingest and its reads.
 * The public surface of functions/catalog/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { getCurrentCatalog, getEntries as getCatalogEntries, getEntry as getCatalogEntry, type CatalogPointer } from './catalog.repo';
export { ingestCatalog, onCatalogApplied, type IngestCatalogResult } from './ingest';
