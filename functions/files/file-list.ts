/**
 * Which index answers a post-office list request, and its totalCount (docs/decisions.md
 * "Lists: key conditions and cursors"):
 * - a retailer (`name`): that retailer's gsi2 partitions, status / flag / file name as filters,
 *   totalCount by a COUNT over them (bounded by one retailer's files);
 * - a status and/or flag: the gsi3 partitions of the matching (status, flag) pairs, merged;
 * - neither: gsi1 `FILES`;
 * - sorted by name or type (not date): the gsi4 partitions of the matching (status, flag, type)
 *   triples, merged by retailer name, or by type then name;
 * totalCount from the counts kept on write, except with a file-name search (no index answers a
 * substring): then each request evaluates at most 1,000 items and totalCount is a lower bound
 * (the files up to this page, plus one page while there is a next one).
 * A page by number without a cursor starts where the positions kept on write put it
 * (functions/files/positions.ts): about one page of reads whatever the number; with a file-name
 * search (or positions that do not count the list's total) the earlier items are passed over.
 */
import { APPROVED_STATUSES, FLAG_LEVELS } from '../../shared/constants';
import { getRetailerBySlug } from '../retailers';
import {
  countRetailerFiles,
  countRetailerFilesByFlag,
  findPositionStart,
  listPositionSources,
  retailerPositionSources,
  getFileCounts,
  pageAllFiles,
  pageFilesByName,
  pageFilesByStatusFlag,
  pageRetailerFiles,
  retailerFilePartitions,
  type ApprovedStatus,
  type FilePage,
  type FilePageRequest,
  type FlagLevel,
} from './files.repo';

export interface FileListQuery {
  approvedStatus?: ApprovedStatus;
  flag?: FlagLevel;
  name?: string;
  fileName?: string;
  /** The column the list is sorted on (date unless name or type). */
  sort?: 'date' | 'name' | 'type';
  ascending: boolean;
  page: number;
  limit: number;
  cursor?: string;
}


export async function readFilePage(q: FileListQuery): Promise<FilePage & { totalCount: number }> {
  const req: FilePageRequest = { ascending: q.ascending, limit: q.limit, cursor: q.cursor, skip: q.cursor ? 0 : (q.page - 1) * q.limit, fileNameContains: q.fileName || undefined };
  const statuses: readonly ApprovedStatus[] = q.approvedStatus ? [q.approvedStatus] : APPROVED_STATUSES;
  const flags: readonly FlagLevel[] = q.flag ? [q.flag] : FLAG_LEVELS;
  const pairs = statuses.flatMap((s) => flags.map((f): [ApprovedStatus, FlagLevel] => [s, f]));
  const sort = q.sort ?? 'date';
  /**
   * The request of the page: a page by number past the first, without a cursor or a file-name
   * search, starts where the positions say (once the total is known); any other page is read as
   * asked, beside the count.
   */
  const positioned = async (sources: Parameters<typeof findPositionStart>[0], total$: Promise<number>): Promise<FilePageRequest> => {
    if (q.cursor || q.fileName || !req.skip) return req;
    const total = await total$;
    // A page past the end holds nothing: read nothing.
    if (req.skip >= total) return { ...req, starts: sources.map(() => 'none' as const), skip: 0 };
    const at = await findPositionStart(sources, q.ascending, req.skip, total);
    return at ? { ...req, skip: at.skip, starts: at.starts } : req;
  };
  if (q.name) {
    const retailer = await getRetailerBySlug(q.name);
    const partitions = retailerFilePartitions([...(retailer ? [retailer._id] : []), q.name, `oh:${q.name}`]);
    const filtered = { ...req, status: q.approvedStatus, flag: q.flag };
    const total$ = countRetailerFiles(partitions, filtered);
    const page$ = positioned(retailerPositionSources(partitions, pairs, sort), total$).then((at) => pageRetailerFiles(partitions, { ...at, status: q.approvedStatus, flag: q.flag }, sort));
    const [page, totalCount] = await Promise.all([page$, total$]);
    return { ...page, totalCount };
  }
  const filtered = Boolean(q.approvedStatus || q.flag);
  const total$ = getFileCounts().then((counts) => statuses.reduce((n, s) => n + flags.reduce((m, f) => m + counts[s][f], 0), 0));
  const page$ = positioned(listPositionSources(pairs, sort, filtered), total$).then((at) => (sort !== 'date' ? pageFilesByName(pairs, sort, at) : filtered ? pageFilesByStatusFlag(pairs, at) : pageAllFiles(at)));
  const [page, totalCount] = await Promise.all([page$, total$]);
  if (q.fileName) return { ...page, totalCount: (q.page - 1) * q.limit + page.items.length + (page.nextCursor ? q.limit : 0) };
  return { ...page, totalCount };
}

/** The list's scope the post-office counters count (its filters but the flag and the file-name search). */
export interface FlagCountQuery {
  /** 'all': every status (the list's Status 'All'). */
  approvedStatus: ApprovedStatus | 'all';
  /** A retailer's slug (the list's Retailer select). */
  name?: string;
}

/**
 * GET /getFlagValues: the files of the list's status and retailer, per flag level, so each counter
 * is what the list holds with that flag chosen (docs/decisions.md "Post office"). From the counts
 * kept on write (one GetItem); with a retailer, from that retailer's partitions.
 */
export async function countFilesByFlag(q: FlagCountQuery): Promise<Record<FlagLevel, number>> {
  const status = q.approvedStatus === 'all' ? undefined : q.approvedStatus;
  if (q.name) {
    const retailer = await getRetailerBySlug(q.name);
    return countRetailerFilesByFlag(retailerFilePartitions([...(retailer ? [retailer._id] : []), q.name, `oh:${q.name}`]), status);
  }
  const counts = await getFileCounts();
  const statuses: readonly ApprovedStatus[] = status ? [status] : APPROVED_STATUSES;
  const of = (f: FlagLevel) => statuses.reduce((n, s) => n + counts[s][f], 0);
  return { require_review: of('require_review'), caution: of('caution'), unflagged: of('unflagged') };
}
