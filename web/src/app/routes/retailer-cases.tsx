/** /retailer-cases (issue 24 §3): the retailer's page of a brand's open cases, opened from a link, no account (features/retailer-cases). */
export { RetailerCasesPage as RetailerCasesRoute } from '../../features/retailer-cases';
