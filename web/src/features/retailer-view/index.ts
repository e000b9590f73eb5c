/** What other features may use of `retailer-view`: its reads' cache key (a case resolved elsewhere unflags a product shown here). */
export { RETAILER_VIEW_KEY } from './api/keys';
