/**
 * The page number in the URL query (web/src/lib/url-page.ts) in jsdom, under a memory router:
 * what the address may say (junk, negative, huge), a page change keeping the other parameters,
 * and a page past the end going to the last page by replacing the history entry.
 */
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE, readPage, useClampPage, useUrlPage } from '../../../web/src/lib/url-page';
import { domRoot } from '../support/dom-root';

const dom = domRoot();
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

/** A list of `totalPages` pages (`undefined`: still loading) showing its page and a pager. */
function List({ totalPages }: { totalPages?: number }) {
  const pager = useUrlPage();
  useClampPage(pager, totalPages);
  return (
    <>
      <p id="page">{pager.page}</p>
      <button type="button" onClick={() => pager.goToPage(3)}>
        3
      </button>
      <button type="button" onClick={() => pager.goToPage(1)}>
        1
      </button>
    </>
  );
}

function mount(entry: string, totalPages?: number) {
  const router = createMemoryRouter([{ path: '/list', element: <List totalPages={totalPages} /> }], { initialEntries: ['/start', entry], initialIndex: 1 });
  dom.render(<RouterProvider router={router} />);
  return {
    router,
    shown: () => document.getElementById('page')!.textContent,
    search: () => router.state.location.search,
    click: (text: string) => act(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!.click()),
  };
}

describe('the page in the URL query', () => {
  it('reads page 1 from an address without one, or with junk, zero, a negative or a fraction', () => {
    for (const qs of ['', 'page=', 'page=abc', 'page=0', 'page=-3', 'page=2.5', 'page=3x', 'page=%20']) expect(readPage(new URLSearchParams(qs)), qs).toBe(1);
    expect(readPage(new URLSearchParams('page=7'))).toBe(7);
    expect(readPage(new URLSearchParams('p=4'), 'p')).toBe(4);
  });

  it('reads a huge number as the highest page the API takes (then brought back to the last page)', () => {
    expect(readPage(new URLSearchParams('page=99999999999999999999'))).toBe(MAX_PAGE);
    expect(readPage(new URLSearchParams(`page=${MAX_PAGE}`))).toBe(MAX_PAGE);
  });

  it('changes only the page, keeping the other parameters, and leaves page 1 out of the address', () => {
    const s = mount('/list?sort=name%3Bdesc&keyword=maison', 5);
    expect(s.shown()).toBe('1');
    s.click('3');
    expect(s.shown()).toBe('3');
    expect(params(s.search())).toEqual({ sort: 'name;desc', keyword: 'maison', page: '3' });
    expect(s.router.state.historyAction).toBe('PUSH');
    s.click('1');
    expect(params(s.search())).toEqual({ sort: 'name;desc', keyword: 'maison' });
  });

  it('shows the last page for a page past the end, replacing the history entry and keeping the other parameters', () => {
    const s = mount('/list?page=999&filter=with', 4);
    expect(s.shown()).toBe('4');
    expect(params(s.search())).toEqual({ filter: 'with', page: '4' });
    expect(s.router.state.historyAction).toBe('REPLACE');
    // Back goes to the page before the list, not to ?page=999.
    act(() => void s.router.navigate(-1));
    expect(s.router.state.location.pathname).toBe('/start');
  });

  it.each([0, 1])('goes to page 1 (no page in the address) when the list has %i page(s)', (total) => {
    const s = mount('/list?page=3&sort=x', total);
    expect(s.shown()).toBe('1');
    expect(s.search()).toBe('?sort=x');
    expect(s.router.state.historyAction).toBe('REPLACE');
  });

  it('leaves the page alone while the list is loading', () => {
    const s = mount('/list?page=9');
    expect(s.shown()).toBe('9');
    expect(s.search()).toBe('?page=9');
  });

  it('leaves a page within the list alone', () => {
    const s = mount('/list?page=2', 2);
    expect(s.shown()).toBe('2');
    expect(s.search()).toBe('?page=2');
    expect(s.router.state.historyAction).toBe('POP');
  });

  it('brings a huge page number in the address back to the last page', () => {
    const s = mount('/list?page=99999999999999999999', 12);
    expect(s.shown()).toBe('12');
    expect(s.search()).toBe('?page=12');
  });
});
