/**
 * Page buttons (000 §9, 001 §9). Hidden under 2 pages.
 * - Lists (post office, notifications): First, up to `maxButtons` pages around the current one, Last.
 * - With `marginPages` (the comparison): ‹, the first and last `marginPages` pages, up to
 *   `maxButtons` pages around the current one, gaps shown as …, ›.
 */
import './pagination.css';
export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  maxButtons?: number;
  marginPages?: number;
  /** Names the navigation landmark (two paginations on one page need different names). */
  label?: string;
}

/** The pages of a window of `size` pages around `page`, inside 1..total. */
function windowAround(page: number, total: number, size: number): number[] {
  const count = Math.min(size, total);
  let start = Math.max(1, page - Math.floor((count - 1) / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Page numbers, with null for a gap, as the margin style shows them. */
export function pagesWithMargins(page: number, total: number, size: number, margin: number): (number | null)[] {
  const shown = new Set<number>(windowAround(page, total, size));
  for (let i = 1; i <= Math.min(margin, total); i++) {
    shown.add(i);
    shown.add(total - i + 1);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(p - 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, totalPages, onChange, maxButtons = 10, marginPages = 0, label = 'Pagination' }: PaginationProps) {
  if (totalPages < 2) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= totalPages) onChange(p);
  };
  const pageButton = (p: number) => (
    <li key={p}>
      <button
        type="button"
        className={`pager__btn${p === current ? ' pager__btn--current' : ''}`}
        aria-label={`Page ${p}`}
        aria-current={p === current ? 'page' : undefined}
        onClick={() => go(p)}
      >
        {p}
      </button>
    </li>
  );

  if (marginPages > 0) {
    return (
      <nav className="pager" aria-label={label}>
        <ul className="pager__list">
          <li>
            <button type="button" className="pager__btn pager__btn--edge" aria-label="Previous page" disabled={current === 1} onClick={() => go(current - 1)}>
              ‹
            </button>
          </li>
          {pagesWithMargins(current, totalPages, maxButtons, marginPages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
                …
              </li>
            ) : (
              pageButton(p)
            ),
          )}
          <li>
            <button type="button" className="pager__btn pager__btn--edge" aria-label="Next page" disabled={current === totalPages} onClick={() => go(current + 1)}>
              ›
            </button>
          </li>
        </ul>
      </nav>
    );
  }

  return (
    <nav className="pager" aria-label={label}>
      <ul className="pager__list">
        <li>
          <button type="button" className="pager__btn pager__btn--edge" disabled={current === 1} onClick={() => go(1)}>
            First
          </button>
        </li>
        {windowAround(current, totalPages, maxButtons).map(pageButton)}
        <li>
          <button type="button" className="pager__btn pager__btn--edge" disabled={current === totalPages} onClick={() => go(totalPages)}>
            Last
          </button>
        </li>
      </ul>
    </nav>
  );
}
