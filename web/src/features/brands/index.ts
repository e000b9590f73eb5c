/** What other features may use of `brands`: the brands list and its cache key (brand settings and the admin brand lists refresh it). */
export { BRANDS_KEY, getBrands } from './api/get-brands';
