/**
 * GET /cannedmessages?brand&page&limit&sort (000 §7, §9: 10 a page, name;asc): the Inbox's table,
 * paged on the server. Page n + 1 is asked for with page n's cursor when it was seen (walking
 * forward reads one page); First, Last or a jump by number alone (docs/decisions.md "Lists: key
 * conditions and cursors").
 */
import useSWR, { mutate as globalMutate, type ScopedMutator } from 'swr';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { CannedMessage } from '@shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { createPageCursors } from '../../../lib/page-cursors';

/** The canned messages' cache key, for the inbox's list and the contact form's dropdown alike (a change in the inbox refreshes both). */
export const CANNED_MESSAGES_KEY = 'canned-messages';

export type { CannedMessage };
export type CannedMessagesPage = ResponseOf<'listCannedMessages'>;
export type CannedSort = 'name;asc' | 'name;desc';
export const INBOX_KEY = 'inbox';

const cursors = createPageCursors();

export async function getCannedMessagesPage(brand: string, page: number, sort: CannedSort, limit: number = PAGE.cannedMessages): Promise<CannedMessagesPage> {
  const list = JSON.stringify([brand, sort, limit]);
  const cursor = cursors.cursorFor(list, page);
  const out = await api('listCannedMessages', { query: { brand, page, limit, sort, ...(cursor ? { cursor } : {}) } });
  cursors.remember(list, page, out.nextCursor);
  return out;
}

/** One page of the brand's messages; no request until the brand is known. */
export function useCannedMessagesPage(brand: string | undefined, page: number, sort: CannedSort) {
  return useSWR(brand ? ([INBOX_KEY, 'list', brand, page, sort] as const) : null, ([, , b, p, s]) => getCannedMessagesPage(b, p, s), { keepPreviousData: true });
}

/** After a create or an update: every page of the Inbox and the contact form's dropdown reload (rows may move between pages). */
export function revalidateCannedMessages(mutate: ScopedMutator = globalMutate): Promise<unknown> {
  cursors.clear();
  return mutate((key) => Array.isArray(key) && ((key[0] === INBOX_KEY && key[1] === 'list') || key[0] === CANNED_MESSAGES_KEY));
}
