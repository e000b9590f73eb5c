/**
 * Robot files: their columns and row fields, their pages' rows, the approval's file entries, the workflow tasks' errors, the scans waiting for review.
 * The public surface of functions/files/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { DEFAULT_ROBOT } from './domain/flag';
export { brandPageInfoFromRow, changedFields, parsePrice, PERIOD_CHANGE_FIELDS, productFieldsFromRow, type PeriodChangeField, type PeriodProduct, type ProductChangeType, type ProductFields } from './domain/period-apply';
export { BRAND_COLUMNS, HOMEPAGE_COLUMNS, PRODUCT_COLUMNS, ROBOT_TYPES, robotTypeDefinition, splitList, type RobotRow } from './domain/robot-types';
export { isRealDate, scanDateProblem } from './domain/scan-date';
export { APPROVE_FILE_ENTRIES, approveFileItems, claimCheckItem, type FileRecord, type FileType } from './files.repo';
export { readAllRows, readChunk, type Side } from './pages';
export { newestScansInReview } from './waiting-scans';
export { failureReason, taskBody, TransientError } from './workflow/errors';
