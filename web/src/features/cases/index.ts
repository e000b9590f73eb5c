/** Cases of a retailer (issue 24): what other features and the app may use. Re-exports only. */
export { RetailerCases } from './components/retailer-cases';
export { SeverityBadge } from './components/severity-badge';
export { CaseProgramme } from './components/case-programme';
export { CaseSettingsTab } from './components/case-settings-tab';
export { ProductCase } from './components/product-case';
