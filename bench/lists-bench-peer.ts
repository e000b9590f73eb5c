/**
 * The peer of the lists bench: today's (before issue 7 §1) whole-list reads, kept as they were in
 * functions/files/files.repo.ts `listFiles`, functions/files/list.ts, flag-values.ts and
 * functions/notifications/notifications.repo.ts `listNotifications`, behind the same wrapper.
 */
import { route } from '../shared/routes';
import { parseSort } from '../shared/schemas/common';
import type { FileRecord } from '../functions/files/files.repo';
import { httpHandler } from '../functions/http';
import { clean, queryAll, table } from '../functions/lib/table';
import { toFileView } from '../functions/files/present';
import type { NotificationRecord } from '../functions/notifications/notifications.repo';

/** Query gsi1 pk=FILES (every file, by date): the post-office list, filtered and paged in memory */
async function listFiles(): Promise<FileRecord[]> {
  const items = await queryAll<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'FILES' }, ScanIndexForward: false });
  return items.map((i) => clean<FileRecord>(i));
}

const sortValue: Record<string, (f: FileRecord) => string> = { date: (f) => `${f.date}#${f.createdAt}`, name: (f) => f.name, type: (f) => f.type };

export const oldListFiles = httpHandler(route('listFiles'), async ({ query }) => {
  const needle = query.fileName?.toLowerCase();
  const rows = (await listFiles()).filter(
    (f) => (!query.approvedStatus || f.approvedStatus === query.approvedStatus) && (!query.flag || f.flag === query.flag) && (!query.name || f.name === query.name) && (!needle || f.fileName.toLowerCase().includes(needle)),
  );
  const { field, dir } = parseSort(query.sort, 'date;desc');
  const value = sortValue[field] ?? sortValue.date!;
  rows.sort((a, b) => value(a).localeCompare(value(b)) * dir || b.createdAt.localeCompare(a.createdAt));
  const start = (query.page - 1) * query.limit;
  return { data: rows.slice(start, start + query.limit).map(toFileView), totalCount: rows.length };
});

export const oldFlagValues = httpHandler(route('getFlagValues'), async () => {
  const counts = { caution: 0, require_review: 0, unflagged: 0 };
  for (const f of await listFiles()) if (f.approvedStatus === 'pending') counts[f.flag]++;
  return counts;
});

export const oldNotifications = httpHandler(route('listNotifications'), async ({ query }) => {
  const items = (await queryAll<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'NOTIFS' }, ScanIndexForward: false })).map((i) => clean<NotificationRecord>(i));
  const start = (query.page - 1) * query.limit;
  return { data: items.slice(start, start + query.limit), totalCount: items.length, unseenCount: items.filter((n) => !n.seenFlag).length };
});
