import type { RetailerRecord } from './retailers.repo';

/** The retailer as the API shows it (001 §3: _id, name, optId, slug, website). */
export const retailerView = (r: RetailerRecord) => ({ _id: r._id, name: r.name, optId: r.optId, slug: r.slug, website: r.website });
