/** What other features may use of `brand-summary`: the cache keys of the summary and a retailer's scrapings, refreshed by a flag. */
export { BRAND_SUMMARY_KEY } from './api/get-brand-summary';
export { RETAILER_SCRAPINGS_KEY } from './api/get-retailer-scrapings';
