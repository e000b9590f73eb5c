/** What other features may use of `exports`: the button that starts an export job whose file lands in a retailer's ALL EXPORTS (a retailer's case log). Re-exports only. */
export { JobExportButton } from './components/export-button';
