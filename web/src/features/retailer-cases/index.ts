/** The retailer's page of a brand's open cases (issue 24 §3): what the app's router uses. Re-exports only. */
export { RetailerCasesPage } from './components/retailer-cases-page';
