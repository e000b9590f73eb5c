/**
 * A list's page number in the URL query (`?page=n`), so reload, back and a shared link keep it.
 *
 * - `readPage(search)`: the page asked for; anything but a whole number from 1 is page 1, and a
 *   number past any list (above `MAX_PAGE`) is `MAX_PAGE`, which `useClampPage` then brings back.
 * - `useUrlPage()`: `{ page, goToPage, clampTo }`; both change only `page` (left out for page 1)
 *   and keep the other query parameters (filters, sort, tab); `clampTo` replaces the history entry.
 * - `useClampPage(pager, totalPages)`: a page past the end (a delete emptied the last page, an old
 *   link, `?page=999` typed) goes to the last page; `totalPages` is `undefined` while loading.
 */
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** The highest page the address may ask for (the API refuses more). */
export const MAX_PAGE = 1_000_000;

export function readPage(search: URLSearchParams, key = 'page'): number {
  const raw = search.get(key)?.trim() ?? '';
  if (!/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page < 1 ? 1 : Math.min(page, MAX_PAGE);
}

/** `search` with `key` set to `page` (left out for page 1), the other parameters as they were. */
export function withPage(search: URLSearchParams, page: number, key = 'page'): URLSearchParams {
  const next = new URLSearchParams(search);
  if (page > 1) next.set(key, String(page));
  else next.delete(key);
  return next;
}

export interface UrlPageOptions {
  /** The query parameter (default `page`). */
  key?: string;
  /** Scroll to the top of the window on a page change (a long page whose pager is at the bottom). */
  scrollToTop?: boolean;
  /** Keep the history entry's state (e.g. where the screen's Back goes) on a page change. */
  keepState?: boolean;
}

export interface UrlPage {
  page: number;
  goToPage: (page: number) => void;
  /** Go to `lastPage`, replacing the history entry. */
  clampTo: (lastPage: number) => void;
}

export function useUrlPage({ key = 'page', scrollToTop = false, keepState = false }: UrlPageOptions = {}): UrlPage {
  const [search, setSearch] = useSearchParams();
  const { state } = useLocation();
  const kept = keepState ? (state as unknown) : undefined;
  const goToPage = useCallback(
    (page: number) => {
      setSearch((prev) => withPage(prev, page, key), { state: kept });
      if (scrollToTop) window.scrollTo({ top: 0 });
    },
    [setSearch, key, scrollToTop, kept],
  );
  const clampTo = useCallback((lastPage: number) => setSearch((prev) => withPage(prev, lastPage, key), { replace: true, state: kept }), [setSearch, key, kept]);
  return { page: readPage(search, key), goToPage, clampTo };
}

/**
 * A page past the end shows the last page (replacing the history entry). `totalPages` is
 * `undefined` until the list has answered *the current query*: a list read with SWR's
 * `keepPreviousData` shows the previous query's answer while the next one loads (another tab,
 * filter or keyword, with another total), so its caller passes `undefined` while `isValidating`;
 * else a click on 'Page 2' right after a tab switch was sent back to page 1 by the last tab's total.
 */
export function useClampPage({ page, clampTo }: Pick<UrlPage, 'page' | 'clampTo'>, totalPages: number | undefined): void {
  const pastEnd = totalPages !== undefined && page > 1 && page > totalPages;
  const last = Math.max(1, totalPages ?? 1);
  useEffect(() => {
    if (pastEnd) clampTo(last);
  }, [pastEnd, last, clampTo]);
}
