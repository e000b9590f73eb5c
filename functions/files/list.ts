import { route } from '../../shared/routes/files';
import { DEFAULT_FILE_SORT } from '../../shared/schemas/post-office';
import { parseSort } from '../../shared/schemas/common';
import { httpHandler } from '../http';
import { readFilePage } from './file-list';
import { toFileView, withCurrentRetailerNames } from './present';

/** The post-office list: status, flag, retailer (slug) and file-name filters, sort, pages (a cursor walks them). */
export const handler = httpHandler(route('listFiles'), async ({ query }) => {
  const { field, dir } = parseSort(query.sort, DEFAULT_FILE_SORT);
  const page = await readFilePage({ ...query, sort: field === 'name' || field === 'type' ? field : 'date', ascending: dir === 1 });
  return { data: (await withCurrentRetailerNames(page.items)).map(toFileView), totalCount: page.totalCount, nextCursor: page.nextCursor ?? null };
});
