/**
 * What every export shares: its job, its file and link, the xlsx writer, safe sheet cells.
 * The public surface of functions/exports/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { contentDisposition, exportFileName, safeCell, type Cell } from './domain/export-sheet';
export { escapeHtml, JobError, linkExpiry, startExportJob, type BuildContext, type JobBuilder } from './export-jobs';
export { jobQuery } from './export-jobs.repo';
export { exportLink } from './exports';
export { EXPORT_PREFIX, exportKeyOf, exportRecordWrites, linkRecordWrite, PDF_TYPE, putExportObject, putLinkRecord, XLSX_TYPE } from './exports.repo';
export { writeCellsXlsxFile } from './xlsx';
