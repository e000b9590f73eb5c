/** Cases: a flag's lifecycle, evidence and log (issue 24; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { answerRetailerCaseBody, caseActivityQuery, caseSummaryPath, caseTrendQuery, caseIdPath, caseLinkPath, caseLogQuery, casesPath, listCaseLinksQuery, listCasesQuery, openRetailerCasesBody, resolveCaseBody } from '../schemas/cases';
import { caseSettingsPath, secondNoticePath, sendSecondNoticeBody, updateCaseSettingsBody } from '../schemas/case-settings';
import { caseActivityExportBody, productCaseQuery } from '../schemas/cases';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = 'The enforcement loop (issue 24): each flag is a case with a lifecycle, the evidence seen when it opened and a log of who did what, so a brand can run its retailer programme here.';

export const caseRoutes = [
  r({ id: 'listRetailerCases', method: 'GET', path: '/cases/{brandId}/{retailerId}', handler: 'functions/cases/list-cases.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: casesPath, query: listCasesQuery, notInSpec }),
  r({ id: 'listCaseActivity', method: 'GET', path: '/caseActivity/{brandId}/{retailerId}', handler: 'functions/cases/list-activity.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: casesPath, query: caseActivityQuery, notInSpec }),
  r({ id: 'getCase', method: 'GET', path: '/case/{caseId}', handler: 'functions/cases/get-case.ts', access: 'user', grants: ['table:read'], params: caseIdPath, query: caseLogQuery, notInSpec }),
  r({ id: 'resolveCase', method: 'PUT', path: '/case/{caseId}/resolve', handler: 'functions/cases/resolve-case.ts', access: 'user', grants: ['table:read', 'table:write'], params: caseIdPath, body: resolveCaseBody, notInSpec }),
  r({ id: 'getCaseSummary', method: 'GET', path: '/caseSummary/{brandId}', handler: 'functions/cases/get-summary.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: caseSummaryPath, notInSpec }),
  r({ id: 'getCaseTrend', method: 'GET', path: '/caseTrend/{brandId}', handler: 'functions/cases/get-trend.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: caseSummaryPath, query: caseTrendQuery, notInSpec }),
  // The brand's settings (issue 24 §4): price tolerance, overdue days, escalation.
  r({ id: 'getCaseSettings', method: 'GET', path: '/caseSettings/{brandId}', handler: 'functions/cases/get-settings.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: caseSettingsPath, notInSpec }),
  r({ id: 'updateCaseSettings', method: 'PUT', path: '/caseSettings/{brandId}', handler: 'functions/cases/update-settings.ts', access: 'brandAdmin', grants: ['table:read', 'table:write'], tenant: { path: 'brandId' }, params: caseSettingsPath, body: updateCaseSettingsBody, notInSpec }),
  // The second notice of a retailer's overdue cases (issue 24 §4): the draft, and sending it.
  r({ id: 'getSecondNotice', method: 'GET', path: '/secondNotice/{brandId}/{retailerId}', handler: 'functions/contact/get-second-notice.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: secondNoticePath, notInSpec }),
  r({ id: 'sendSecondNotice', method: 'POST', path: '/secondNotice/{brandId}/{retailerId}', handler: 'functions/contact/send-second-notice.ts', access: 'user', grants: ['table:read', 'table:write', 'email:send'], tenant: { path: 'brandId' }, params: secondNoticePath, body: sendSecondNoticeBody, notInSpec }),
  r({ id: 'listCaseLinks', method: 'GET', path: '/caseLinks/{brandId}/{retailerId}', handler: 'functions/cases/list-links.ts', access: 'user', grants: ['table:read'], tenant: { path: 'brandId' }, params: casesPath, query: listCaseLinksQuery, notInSpec }),
  r({ id: 'revokeCaseLink', method: 'DELETE', path: '/caseLinks/{brandId}/link/{id}', handler: 'functions/cases/revoke-link.ts', access: 'user', grants: ['table:read', 'table:write'], tenant: { path: 'brandId' }, params: caseLinkPath, notInSpec }),
  // The retailer's side: public, the link's token in the body checked on every call, throttled per address (and answers per link).
  r({ id: 'openRetailerCases', method: 'POST', path: '/retailerCases', handler: 'functions/cases/open-retailer-cases.ts', access: 'public', grants: ['table:read', 'table:write'], body: openRetailerCasesBody, notInSpec }),
  r({ id: 'answerRetailerCase', method: 'POST', path: '/retailerCases/{caseId}', handler: 'functions/cases/answer-retailer-case.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], params: caseIdPath, body: answerRetailerCaseBody, notInSpec }),
  // The evidence pack (issue 24 §2): a PDF made in the call (its pictures read from the bucket), put under exports/ with its link record (table:write), answered as the 7-day app link.
  r({ id: 'getCaseEvidencePack', method: 'GET', path: '/caseEvidencePack/{brandId}/{retailerId}', handler: 'functions/cases/get-evidence-pack.ts', access: 'user', grants: ['table:read', 'table:write', 'data:read', 'data:write'], tenant: { path: 'brandId' }, params: casesPath, appLinks: true, notInSpec }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(caseRoutes);

// The log as a file and a product's case (issue 24): kept together at the end of the table.

export const caseLogRoutes = [
  r({
    id: 'exportCaseActivity',
    method: 'POST',
    path: '/caseActivity/{brandId}/{retailerId}/export',
    handler: 'functions/cases/export-activity.ts',
    access: 'user',
    // The job and its request object (docs/exports.md "Every export is a job"); the file is built by the export worker.
    grants: ['table:read', 'table:write', 'data:write'],
    tenant: { path: 'brandId' },
    params: casesPath,
    body: caseActivityExportBody,
    notInSpec: "The retailer's case log (one kind of event, as the Activity view shows it) as an xlsx: a background export job like the tabs' exports, its file in ALL EXPORTS.",
  }),
  r({
    id: 'getProductCase',
    method: 'GET',
    path: '/productCase/{brandId}/{retailerId}',
    handler: 'functions/cases/get-product-case.ts',
    access: 'user',
    grants: ['table:read'],
    tenant: { path: 'brandId' },
    params: casesPath,
    query: productCaseQuery,
    notInSpec: "The product page's case: the case of a style number at the retailer (its id derived as the flag derives it), and its log newest first, a page at a time.",
  }),
] as const satisfies readonly RouteDef[];

/** One route of the log's file and the product's case (a handler imports it as `route`). */
export const caseLogRoute = routeIn(caseLogRoutes);
