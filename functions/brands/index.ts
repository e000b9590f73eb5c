/**
 * Brand records, the keys of the brand–retailer index, and the Permissions export's build (run by the exports worker).
 * The public surface of functions/brands/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { brandCreateItems, brandNameKey, carryingBrands, getBrand, getBrandBySlug, listBrands, type BrandRecord } from './brands.repo';
export { buildPermissionsExport } from './permissions-export';
export { countKey, INDEX_PREFIX, indexPk } from './retailer-index';
