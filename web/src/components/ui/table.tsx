/**
 * A data table: a caption for screen readers, headers that may be sortable (a button in the
 * header cell; `aria-sort` says the order; a click on the sorted column reverses it, on another
 * column sorts it ascending), rows with a state (class `<row>--<state>`, e.g. a flag level), a
 * busy state while a new page loads, and a message when there are no rows.
 *
 * The table sits in a box that scrolls sideways when the table is wider than the screen (a phone):
 * the page itself never does. A box that scrolls is a focusable region named by `wrapLabel` (else
 * the caption), so the keyboard scrolls it too (axe: scrollable-region-focusable).
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './table.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  className?: string;
}

export interface TableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A word naming the row's state (added as `<rowClassName>--<state>` and `data-state`). */
  rowState?: (row: Row) => string | undefined;
  rowClassName?: string;
  rowProps?: (row: Row) => Record<string, string | undefined>;
  onRowClick?: (row: Row) => void;
  sort?: SortState;
  onSort?: (next: SortState) => void;
  busy?: boolean;
  empty?: ReactNode;
  className?: string;
  wrapClassName?: string;
  /** Names the wrapper as a focusable region, always (not only while it scrolls), so a table wider than the screen scrolls by keyboard too (axe: scrollable-region-focusable). */
  wrapLabel?: string;
}

/** Whether the box is narrower than what it holds, measured again when either is resized. */
function useScrollsX(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!active || !box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    if (box.firstElementChild) ro.observe(box.firstElementChild);
    measure();
    return () => ro.disconnect();
  }, [ref, active]);
  return active && scrolls;
}

/** The order after a click on `key`'s header. */
function toggledSort(current: SortState | undefined, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function Table<Row>({ caption, columns, rows, rowKey, rowState, rowClassName = 'table__row', rowProps, onRowClick, sort, onSort, busy = false, empty, className = 'table', wrapClassName = 'table-wrap', wrapLabel }: TableProps<Row>) {
  const box = useRef<HTMLDivElement>(null);
  const showsEmpty = !rows.length && empty !== undefined;
  const scrolls = useScrollsX(box, !showsEmpty);
  if (showsEmpty) return <div className={wrapClassName}>{empty}</div>;
  const region = wrapLabel ?? (scrolls ? caption : undefined);
  return (
    <div
      ref={box}
      className={`${wrapClassName}${busy ? ' is-busy' : ''}`}
      aria-busy={busy || undefined}
      {...(region ? { role: 'region', 'aria-label': region, tabIndex: 0 } : {})}
    >
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const sorted = sort?.key === c.key ? sort.direction : undefined;
              return (
                <th key={c.key} scope="col" className={c.className} aria-sort={c.sortable ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}>
                  {c.sortable && onSort ? (
                    <button type="button" className="table__sort" onClick={() => onSort(toggledSort(sort, c.key))}>
                      {c.header}
                      <span className="table__sort-icon" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = rowState?.(row);
            return (
              <tr key={rowKey(row)} className={state ? `${rowClassName} ${rowClassName}--${state}` : rowClassName} data-state={state} onClick={onRowClick ? () => onRowClick(row) : undefined} {...rowProps?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
