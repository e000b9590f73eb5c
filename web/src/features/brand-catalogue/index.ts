/** The brand's catalogue (golden record, issue 38): the Settings tab. */
export { CatalogueTab } from './components/catalogue-tab';
