/**
 * What the post-office calls answer (001 §3, §7), derived from the response schemas beside the
 * request schemas in shared/schemas/post-office.ts (the handlers return the same types).
 */
import type * as z from 'zod';
import type { RobotType } from '@shared/robot-columns';
import type {
  APPROVED_STATUSES,
  comparisonSide,
  FILE_SORTS,
  fileDataResponse,
  fileDiffSummary,
  FLAG_LEVELS,
  flagCountsResponse,
  listFilesQuery,
  markedRow,
  poFile,
  ROW_MARKS,
} from '@shared/schemas/post-office';

export type { RobotType };
export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];
export type FlagLevel = (typeof FLAG_LEVELS)[number];
export type FileSort = (typeof FILE_SORTS)[number];
export type FileDiffSummary = z.output<typeof fileDiffSummary>;
/** A robot file as the post office lists it. */
export type PoFile = z.output<typeof poFile>;
export type RowMark = (typeof ROW_MARKS)[number];
/** One row of one side of the comparison, with how it compares with the other file. */
export type MarkedRow = z.output<typeof markedRow>;
export type ComparisonSide = z.output<typeof comparisonSide>;
/** GET /getFileData/{fId}?page=N: one page of 100 rows per side. */
export type FileData = z.output<typeof fileDataResponse>;
export type FlagCounts = z.output<typeof flagCountsResponse>;

/** The list's state: sort, page and limit always set (the URL's defaults filled in), the filters as the route's query takes them. */
export type ListFilesParams = { sort: FileSort; page: number; limit: number } & Pick<z.input<typeof listFilesQuery>, 'approvedStatus' | 'flag' | 'name' | 'fileName'>;
