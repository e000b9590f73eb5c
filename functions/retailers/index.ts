/**
 * Retailer records and a brand's retailers.
 * The public surface of functions/retailers/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { assignedReps, brandRetailers } from './brand-retailers';
export { getRetailer, getRetailerBySlug, getRetailers, listRetailers, retailerNames, type RetailerRecord } from './retailers.repo';
