/**
 * Cases: a flag's lifecycle, its evidence and its log (issue 24).
 * The public surface of functions/cases/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { answerStep, caseIdOf, escalatedStep, flagStep, priceGap, PROFILE_SUBJECT, resolveStep, type Actor, type CaseRecord, type FlagInput, type Step } from './domain/case';
export { activeCases, backfillNoticeDays, casesResolvedSince, getCase, overdueCasesOf, overdueCasesOfBrand, putTrendPoint, retailerFigure, stepWrites } from './cases.repo';
export { caseWritesFor, notifyCases, stepWritesWithTrend } from './service';
export { emailFollowers } from './retailer-side';
export { escalatingBrands, getCaseSettings, putCaseSettings } from './settings.repo';
export { buildCaseActivityExport } from './activity-export';
export { keepEvidencePictures, keepMissingEvidence } from './evidence-pictures';
