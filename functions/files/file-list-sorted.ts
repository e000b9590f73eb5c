/**
 * The post-office list sorted by name (retailer slug) or type (Robot Type): no index orders files
 * that way, so these two sorts still read every file and page in memory (docs/decisions.md
 * "Lists: key conditions and cursors"; the date sort, the default, is indexed).
 */
import { listFiles, type FileRecord } from './files.repo';
import { toFileView } from './present';

const sortValue: Record<string, (f: FileRecord) => string> = {
  name: (f) => f.name,
  type: (f) => f.type,
};

export interface SortedListQuery {
  approvedStatus?: string;
  flag?: string;
  name?: string;
  fileName?: string;
  page: number;
  limit: number;
}

export async function listFilesSortedBy(field: string, dir: 1 | -1, query: SortedListQuery) {
  const needle = query.fileName?.toLowerCase();
  const rows = (await listFiles()).filter(
    (f) =>
      (!query.approvedStatus || f.approvedStatus === query.approvedStatus) &&
      (!query.flag || f.flag === query.flag) &&
      (!query.name || f.name === query.name) &&
      (!needle || f.fileName.toLowerCase().includes(needle)),
  );
  const value = sortValue[field] ?? sortValue.name!;
  rows.sort((a, b) => value(a).localeCompare(value(b)) * dir || b.createdAt.localeCompare(a.createdAt));
  const start = (query.page - 1) * query.limit;
  return { data: rows.slice(start, start + query.limit).map(toFileView), totalCount: rows.length, nextCursor: null };
}
