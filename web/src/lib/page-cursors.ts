/**
 * Cursors of the pages a list has shown (docs/decisions.md "Lists: key conditions and cursors"):
 * the API answers each page with `nextCursor`; page n + 1 of the same list (same filters and
 * sort) is asked for with page n's cursor, so walking forward costs one page of reads each time.
 * A page with no known cursor (First/Last, a jump) is asked for by number alone.
 */
export interface PageCursors {
  /** The cursor to ask `page` of `list` with, if the page before it was seen. */
  cursorFor(list: string, page: number): string | undefined;
  /** Remember where the page after `page` starts. */
  remember(list: string, page: number, nextCursor: string | null | undefined): void;
  /** Forget every cursor (after a change to the list: rows moved). */
  clear(): void;
}

export function createPageCursors(maxLists = 20): PageCursors {
  const lists = new Map<string, Map<number, string>>();
  return {
    cursorFor: (list, page) => (page > 1 ? lists.get(list)?.get(page) : undefined),
    remember(list, page, nextCursor) {
      if (!nextCursor) return;
      let pages = lists.get(list);
      if (!pages) {
        if (lists.size >= maxLists) lists.delete(lists.keys().next().value!);
        lists.set(list, (pages = new Map()));
      }
      pages.set(page + 1, nextCursor);
    },
    clear: () => lists.clear(),
  };
}
