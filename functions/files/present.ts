import type { FileRecord } from './files.repo';

/** The File as the post office shows it (spec 001 §3 plus the review details). */
export function toFileView(f: FileRecord) {
  return {
    _id: f._id,
    date: f.date,
    fileName: f.fileName,
    name: f.name,
    retailer: f.retailer,
    retailerName: f.retailerName,
    type: f.type,
    robot: f.robot,
    approvedStatus: f.approvedStatus,
    flag: f.flag,
    flagReasons: f.flagReasons,
    rowCount: f.rowCount,
    previousFileId: f.previousFileId ?? null,
    previousDate: f.previousDate ?? null,
    previousRowCount: f.previousRowCount ?? null,
    diff: f.diff ?? null,
    error: f.error ?? null,
    processingError: f.processingError ?? null,
    createdAt: f.createdAt,
    approvedAt: f.approvedAt ?? null,
  };
}
