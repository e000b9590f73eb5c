/**
 * What each route answers: its response schema (zod, beside its request schemas in
 * shared/schemas/<resource>.ts), by route id. The web's typed client (`api(id, …)`) and the test
 * helper read their data types from here, and the handler wrapper checks a handler's return value
 * against the same type. Only types leave this module for the functions, so a handler bundles none
 * of it. Every route of the table is listed (issue 23): a route that redirects says so
 * (shared/schemas/redirect.ts: no body).
 */
import type * as z from 'zod';
import type { RouteId } from '../routes';
import { addContactResponse, contactInfoResponse, deleteContactResponse, emailHistoryResponse } from '../schemas/address-book';
import { createB2bLinkResponse, listB2bLinksResponse, portalExchangeResponse, portalSessionResponse, revokeB2bLinkResponse } from '../schemas/b2b';
import { loginResponse, messageResponse, validateTokenResponse } from '../schemas/auth';
import { basketAddResponse, basketClearResponse, basketHasResponse, basketListResponse, basketRemoveResponse, exportJobResponse } from '../schemas/basket';
import { listBrandsForSelectResponse, listBrandsResponse } from '../schemas/brands';
import { updateBrandResponse } from '../schemas/brand-settings';
import { brandRetailerExportResponse } from '../schemas/permissions';
import { reportSummaryResponse } from '../schemas/reports';
import { contactInfoForEmailResponse, contactRetailerResponse, contactUploadsResponse, listCannedMessagesResponse } from '../schemas/contact';
import { getVariablesResponse, saveCannedMessageResponse } from '../schemas/contact';
import { contactCountResponse, downloadResponse, exportResponse, headersResponse, historyResponse, importResponse, importStatusResponse } from '../schemas/contacts-import';
import { checkAgainResponse, decideSuggestionResponse, suggestionsResponse } from '../schemas/suggestions';
import { catalogImportsResponse, catalogProductsResponse, catalogUploadResponse } from '../schemas/catalog';
import { downloadExportResponse, exportFileResponse, exportHistoryResponse } from '../schemas/exports';
import { openImageResponse } from '../schemas/images';
import {
  approveFileResponse,
  fileDataResponse,
  flagCountsResponse,
  getFileResponse,
  listFilesResponse,
  listNotificationsResponse,
  markNeedsAttentionResponse,
  samePeriodFilesResponse,
  settingsResponse,
  updateNotificationResponse,
  updateSettingsResponse,
} from '../schemas/post-office';
import { listFailuresResponse, redriveFailureResponse } from '../schemas/operations';
import { loginOrChallengeResponse, mfaMessageResponse, mfaStatusResponse, recoveryCodesResponse, totpSetupResponse } from '../schemas/mfa';
import { loginMethodResponse, ssoAccountsResponse, ssoDomainVerifyResponse, ssoSettingsResponse } from '../schemas/sso';
import { redirectResponse } from '../schemas/redirect';
import { authenticationOptionsResponse, listPasskeysResponse, passkeyMessageResponse, passkeyResponse, registrationOptionsResponse } from '../schemas/passkeys';
import { listRobotsResponse, robotHealthResponse, robotScheduleResponse } from '../schemas/robot-health';
import { caseSettingsResponse, secondNoticeResponse, sendSecondNoticeResponse, updateCaseSettingsResponse } from '../schemas/case-settings';
import { answerRetailerCaseResponse, caseActivityResponse, caseEvidencePackResponse, caseSummaryResponse, caseTrendResponse, getCaseResponse, listCaseLinksResponse, listCasesResponse, openRetailerCasesResponse, productCaseResponse, resolveCaseResponse, revokeCaseLinkResponse } from '../schemas/cases';
import { deleteRetailerResponse, listRetailersResponse, saveRetailerResponse } from '../schemas/retailers';
import { listRolesResponse } from '../schemas/roles';
import { listUsersResponse, updatePolicyResponse } from '../schemas/users';
import { registerAndNotifyResponse, removeAndNotifyResponse, updateUserResponse, usersTabRetailersResponse } from '../schemas/users';
import { createUserResponse } from '../schemas/users';
import { bugReportResponse, captchaResponse, messageAnswer } from '../schemas/public';
import {
  batchItemResponse,
  brandSkusResponse,
  getProductScrapingResponse,
  listProductScrapingsResponse,
  relatedProductsResponse,
  updateProductScrapingResponse,
  updateFlagResponse,
} from '../schemas/scrapings';
import {
  assignedRepsResponse,
  brandCatalogResponse,
  brandRetailersResponse,
  brandSummaryResponse,
  getRetailerScrapingResponse,
  listPeriodsResponse,
  listRetailerScrapingsResponse,
} from '../schemas/retailer-scrapings';

export const responses = {
  // Auth and accounts (shared/routes/accounts.ts)
  login: loginOrChallengeResponse,
  // Two-step sign-in (shared/routes/mfa.ts)
  loginMfa: loginResponse,
  getMfaStatus: mfaStatusResponse,
  setupTotp: totpSetupResponse,
  confirmTotp: recoveryCodesResponse,
  disableTotp: mfaMessageResponse,
  renewRecoveryCodes: recoveryCodesResponse,
  // Single sign-on per brand (shared/routes/sso.ts)
  loginMethod: loginMethodResponse,
  ssoStart: redirectResponse,
  ssoCallback: redirectResponse,
  ssoSamlAcs: redirectResponse,
  ssoExchange: loginResponse,
  getSso: ssoSettingsResponse,
  updateSso: ssoSettingsResponse,
  listSsoAccounts: ssoAccountsResponse,
  verifySsoDomain: ssoDomainVerifyResponse,
  // Passkeys (shared/routes/passkeys.ts)
  passkeyRegisterOptions: registrationOptionsResponse,
  registerPasskey: passkeyResponse,
  listPasskeys: listPasskeysResponse,
  renamePasskey: passkeyResponse,
  deletePasskey: passkeyMessageResponse,
  passkeyLoginOptions: authenticationOptionsResponse,
  loginPasskey: loginResponse,
  forgotPassword: messageResponse,
  validateToken: validateTokenResponse,
  resetPassword: messageResponse,
  register: messageResponse,
  logout: messageResponse,
  logoutAll: messageResponse,
  updateUserPolicy: updatePolicyResponse,
  // Look-ups (shared/routes/lookups.ts)
  listRoles: listRolesResponse,
  listBrands: listBrandsResponse,
  listBrandsForSelect: listBrandsForSelectResponse,
  listRetailers: listRetailersResponse,
  listUsers: listUsersResponse,
  // Post office: files (shared/routes/files.ts)
  listFiles: listFilesResponse,
  getFile: getFileResponse,
  samePeriodFiles: samePeriodFilesResponse,
  getFileData: fileDataResponse,
  markNeedsAttention: markNeedsAttentionResponse,
  approveFile: approveFileResponse,
  getFlagValues: flagCountsResponse,
  // Post office: settings and notifications (shared/routes/settings.ts, notifications.ts)
  getThresholdSettings: settingsResponse,
  updateSettings: updateSettingsResponse,
  listNotifications: listNotificationsResponse,
  updateNotification: updateNotificationResponse,
  // Post office: failed deliveries (shared/routes/operations.ts)
  listFailedDeliveries: listFailuresResponse,
  redriveFailedDelivery: redriveFailureResponse,
  // Robot health (shared/routes/robot-health.ts)
  getRobotHealth: robotHealthResponse,
  listRobots: listRobotsResponse,
  updateRobotSchedule: robotScheduleResponse,
  // Cases (shared/routes/cases.ts)
  listRetailerCases: listCasesResponse,
  listCaseActivity: caseActivityResponse,
  getCase: getCaseResponse,
  resolveCase: resolveCaseResponse,
  getCaseSummary: caseSummaryResponse,
  getCaseTrend: caseTrendResponse,
  getCaseSettings: caseSettingsResponse,
  updateCaseSettings: updateCaseSettingsResponse,
  getSecondNotice: secondNoticeResponse,
  sendSecondNotice: sendSecondNoticeResponse,
  listCaseLinks: listCaseLinksResponse,
  revokeCaseLink: revokeCaseLinkResponse,
  openRetailerCases: openRetailerCasesResponse,
  answerRetailerCase: answerRetailerCaseResponse,
  exportCaseActivity: exportFileResponse,
  getProductCase: productCaseResponse,
  getCaseEvidencePack: caseEvidencePackResponse,
  // Product-level reads and edits of the retailer page (000 §3, 001 §3).
  listProductScrapings: listProductScrapingsResponse,
  getProductScraping: getProductScrapingResponse,
  updateProductScraping: updateProductScrapingResponse,
  updateProductFlag: updateFlagResponse,
  updateBrandFlag: updateFlagResponse,
  getRelatedProducts: relatedProductsResponse,
  getBatchItems: batchItemResponse,
  getBrandSkus: brandSkusResponse,
  exportFile: exportFileResponse,
  getExportJob: exportFileResponse,
  getExportHistory: exportHistoryResponse,
  downloadExport: downloadExportResponse,
  // The app links of the robots' pictures (shared/routes/images.ts)
  openImage: openImageResponse,
  // Retailer-level reads of the summary, the Retailer List, the top bar and the retailer page.
  getBrandRetailerSummary: brandSummaryResponse,
  listRetailerScrapings: listRetailerScrapingsResponse,
  getRetailerScraping: getRetailerScrapingResponse,
  listBrandPeriods: listPeriodsResponse,
  listRetailerPeriods: listPeriodsResponse,
  getAssignedReps: assignedRepsResponse,
  getBrandRetailers: brandRetailersResponse,
  getBrandCatalog: brandCatalogResponse,
  // The retailer page's Address Book and EMAIL HISTORY (shared/routes/address-book.ts)
  getContactInfo: contactInfoResponse,
  addContact: addContactResponse,
  deleteContact: deleteContactResponse,
  getEmailHistory: emailHistoryResponse,
  // The contact form (shared/routes/contact.ts)
  listCannedMessages: listCannedMessagesResponse,
  // The Inbox (shared/routes/contact.ts)
  createCannedMessage: saveCannedMessageResponse,
  updateCannedMessage: saveCannedMessageResponse,
  getVariables: getVariablesResponse,
  getContactInfoForEmail: contactInfoForEmailResponse,
  contactRetailer: contactRetailerResponse,
  createContactUploads: contactUploadsResponse,
  // The B2B portal (shared/routes/b2b.ts)
  createB2bLink: createB2bLinkResponse,
  listB2bLinks: listB2bLinksResponse,
  revokeB2bLink: revokeB2bLinkResponse,
  openB2bPortal: portalExchangeResponse,
  getB2bPortal: portalSessionResponse,
  // The basket (shared/routes/basket.ts)
  getBasket: basketListResponse,
  getBasketHas: basketHasResponse,
  addBasketItems: basketAddResponse,
  removeBasketItem: basketRemoveResponse,
  clearBasket: basketClearResponse,
  clearAllBaskets: basketClearResponse,
  exportBucketData: exportJobResponse,
  getBasketExport: exportJobResponse,
  // Settings: My Account and Users (shared/routes/users.ts)
  updateUser: updateUserResponse,
  confirmEmailChange: updateUserResponse,
  registerAndNotify: registerAndNotifyResponse,
  removeAndNotify: removeAndNotifyResponse,
  getRetailersForUsersTab: usersTabRetailersResponse,
  createUser: createUserResponse,
  // The Brand tab and Manage Reports of Settings (shared/routes/brands.ts, reports.ts)
  updateBrand: updateBrandResponse,
  brandRetailerExport: brandRetailerExportResponse,
  reportSummary: reportSummaryResponse,
  // Settings → Contacts (shared/routes/contacts-import.ts)
  getAddressBookHeaders: headersResponse,
  importContacts: importResponse,
  getContactsImport: importStatusResponse,
  exportContacts: exportResponse,
  getContactCount: contactCountResponse,
  // Settings → Catalogue (shared/routes/catalog.ts)
  startCatalogUpload: catalogUploadResponse,
  listCatalogProducts: catalogProductsResponse,
  listCatalogImports: catalogImportsResponse,
  // A retailer's Suggestions (shared/routes/suggestions.ts)
  listSuggestions: suggestionsResponse,
  dismissSuggestion: decideSuggestionResponse,
  flagSuggestion: decideSuggestionResponse,
  checkSuggestionsAgain: checkAgainResponse,
  getContactsHistory: historyResponse,
  downloadContactsFile: downloadResponse,
  // The public forms (shared/routes/public.ts)
  getCaptcha: captchaResponse,
  scheduleDemo: messageAnswer,
  contactUs: bugReportResponse,
  // The admin Retailer List (shared/routes/retailers.ts)
  createRetailer: saveRetailerResponse,
  updateRetailer: saveRetailerResponse,
  deleteRetailer: deleteRetailerResponse,
} as const satisfies Record<RouteId, z.ZodType>;

type Responses = typeof responses;

/**
 * The data a route answers with (what the client receives). Every route of the table has one
 * (the `satisfies` above fails type-check for a route without); an id outside the table (a probe
 * route of the infra tests) answers `unknown`.
 */
export type ResponseOf<Id extends string> = Id extends keyof Responses ? z.output<Responses[Id]> : unknown;
/** What a route's handler may return for it (before JSON serialization). */
export type HandlerResultOf<Id extends string> = Id extends keyof Responses ? z.input<Responses[Id]> : unknown;
