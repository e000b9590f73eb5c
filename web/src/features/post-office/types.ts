/**
 * What the post-office calls answer (001 §3, §7). `shared/` holds the request schemas only, so
 * the response shapes the screens read are declared here, field for field as the API sends them.
 */
import type { APPROVED_STATUSES, FLAG_LEVELS, FILE_SORTS } from '@shared/schemas/post-office';

export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];
export type FlagLevel = (typeof FLAG_LEVELS)[number];
export type FileSort = (typeof FILE_SORTS)[number];
export type RobotType = 'product' | 'homepage' | 'brand';

export interface FileDiffSummary {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

/** A robot file as the post office lists it. */
export interface PoFile {
  _id: string;
  /** Scan period, YYYY-MM-DD. */
  date: string;
  /** S3 key: incoming/<type>/<retailer slug>/<date>/<robot>.csv */
  fileName: string;
  /** Retailer slug. */
  name: string;
  retailer?: string;
  retailerName: string;
  type: RobotType;
  robot: string;
  approvedStatus: ApprovedStatus;
  flag: FlagLevel;
  /** Why the file got its flag (sentences). */
  flagReasons: string[];
  rowCount: number;
  previousFileId: string | null;
  previousDate: string | null;
  previousRowCount: number | null;
  diff: FileDiffSummary | null;
  /** The file could not be read (it can never be approved). */
  error: string | null;
  /** Why the last approval failed (the file stays pending). */
  processingError: string | null;
  createdAt: string;
  approvedAt: string | null;
}

export type RowMark = 'added' | 'removed' | 'changed';

/** One row of one side of the comparison, with how it compares with the other file. */
export interface MarkedRow {
  row: Record<string, string>;
  mark?: RowMark;
  /** Tracked columns whose value differs. */
  changed?: string[];
  /** Their previous values (current side only). */
  old?: Record<string, string>;
}

export interface ComparisonSide {
  date: string | null;
  total: number;
  offset: number;
  data: MarkedRow[];
}

/** GET /getFileData/{fId}?page=N: one page of 100 rows per side. */
export interface FileData {
  type: RobotType;
  keyColumn: string;
  columns: string[];
  page: number;
  limit: number;
  totalPages: number;
  currentProductData: ComparisonSide;
  previousProductData: ComparisonSide;
}

export type FlagCounts = Record<FlagLevel, number>;

export interface ListFilesParams {
  sort: FileSort;
  approvedStatus?: ApprovedStatus;
  flag?: FlagLevel;
  name?: string;
  fileName?: string;
  page: number;
  limit: number;
}
