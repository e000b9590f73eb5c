import { route } from '../../shared/routes/files';
import { parseSort } from '../../shared/schemas/common';
import { httpHandler } from '../lib/http/handler';
import { listFiles, type FileRecord } from './files.repo';
import { toFileView } from './present';

const sortValue: Record<string, (f: FileRecord) => string> = {
  date: (f) => `${f.date}#${f.createdAt}`,
  name: (f) => f.name,
  type: (f) => f.type,
};

/** The post-office list: status, flag, retailer (slug) and file-name filters, sort, pages. */
export const handler = httpHandler(route('listFiles'), async ({ query }) => {
  const needle = query.fileName?.toLowerCase();
  const rows = (await listFiles()).filter(
    (f) =>
      (!query.approvedStatus || f.approvedStatus === query.approvedStatus) &&
      (!query.flag || f.flag === query.flag) &&
      (!query.name || f.name === query.name) &&
      (!needle || f.fileName.toLowerCase().includes(needle)),
  );
  const { field, dir } = parseSort(query.sort, 'date;desc');
  const value = sortValue[field] ?? sortValue.date!;
  rows.sort((a, b) => value(a).localeCompare(value(b)) * dir || b.createdAt.localeCompare(a.createdAt));
  const start = (query.page - 1) * query.limit;
  return { data: rows.slice(start, start + query.limit).map(toFileView), totalCount: rows.length };
});
