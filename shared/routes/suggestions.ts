/** A retailer's Suggestions (issue 38 §3; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { dismissSuggestionBody, flagSuggestionBody, suggestionPath, suggestionsPath, suggestionsQuery } from '../schemas/suggestions';
import { r, routeIn, type RouteDef } from './define';

const WHY = "The content checks' suggestions of a scan and their decisions (issue 38): the spec has no content checks.";

export const suggestionRoutes = [
  r({ id: 'listSuggestions', method: 'GET', path: '/suggestions/{brandId}/{periodId}', handler: 'functions/content/list-suggestions.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: suggestionsPath, query: suggestionsQuery, notInSpec: WHY }),
  // Anyone who may flag the product may decide (a User only at their assigned retailers: checked on the period's retailer).
  r({ id: 'dismissSuggestion', method: 'POST', path: '/suggestions/{brandId}/{periodId}/{suggestionId}/dismiss', handler: 'functions/content/dismiss-suggestion.ts', access: 'user', grants: ['table:read', 'table:write'], tenant: { path: 'brandId' }, params: suggestionPath, body: dismissSuggestionBody, notInSpec: WHY }),
  r({ id: 'flagSuggestion', method: 'POST', path: '/suggestions/{brandId}/{periodId}/{suggestionId}/flag', handler: 'functions/content/flag-suggestion.ts', access: 'user', grants: ['table:read', 'table:write', 'data:read', 'data:write'], tenant: { path: 'brandId' }, params: suggestionPath, body: flagSuggestionBody, notInSpec: WHY }),
  r({ id: 'checkSuggestionsAgain', method: 'POST', path: '/suggestions/{brandId}/{periodId}/check', handler: 'functions/content/check-again.ts', access: 'brandAdmin', grants: ['table:read', 'checks:start'], tenant: { path: 'brandId' }, params: suggestionsPath, notInSpec: WHY }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(suggestionRoutes);
