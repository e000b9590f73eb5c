import { retailerNames } from '../retailers';
import type { FileRecord } from './files.repo';

/**
 * The files with their retailer's CURRENT name (one BatchGetItem of the page's retailers): a file
 * keeps the name its retailer had when it was dropped, and a rename in the Retailer List shows on
 * the next read (docs/decisions.md "Retailer List"). Files of an unknown folder keep theirs.
 */
export async function withCurrentRetailerNames(files: FileRecord[]): Promise<FileRecord[]> {
  if (!files.length) return files;
  const names = await retailerNames(files.map((f) => f.retailer));
  return files.map((f) => ({ ...f, retailerName: names.get(f.retailer) ?? f.retailerName }));
}

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
