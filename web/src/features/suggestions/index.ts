/** A retailer's Suggestions (issue 38): the retailer page's side tab. */
export { SuggestionsPanel } from './components/suggestions-panel';
