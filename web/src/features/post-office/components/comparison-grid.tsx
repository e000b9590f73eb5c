/**
 * The side-by-side comparison (001 §2, §4): New on the left, Previous on the right, each with
 * its row count and 'Showing x - y rows', scrolled together vertically and horizontally.
 *
 * Marking (001 §4): on the New side, changed cells of tracked columns are red and every other
 * cell green (added rows also get a light green ground); on the Previous side, changed cells
 * have a grey ground and removed rows are red with white text.
 *
 * Both tables (comparison-table.tsx) share fixed column widths and one-line rows, so the same
 * scroll offsets show the same columns and row positions. Only the pane the user works in drives
 * the other one. A cell of an image column (Image URLs, Screenshot, Logo, Hero Image) shows its
 * picture, small, before its text (the placeholder when it has none or it does not load).
 */
import { useRef, type KeyboardEvent, type RefObject, type UIEvent } from 'react';
import { ROBOT_TYPE_DEFINITIONS } from '@shared/robot-columns';
import { formatCount, formatDate } from '../../../lib/format';
import { PO_MSG } from '../messages';
import type { ComparisonSide, FileData } from '../types';
import { ComparisonTable, type SideName } from './comparison-table';
import '../post-office.css';

interface PaneProps {
  side: SideName;
  title: string;
  data: ComparisonSide;
  columns: string[];
  keyColumn: string;
  imageColumns: readonly string[];
  emptyText: string;
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: (side: SideName, e: UIEvent<HTMLDivElement>) => void;
  onActive: (side: SideName) => void;
}

function Pane({ side, title, data, columns, keyColumn, imageColumns, emptyText, scrollRef, onScroll, onActive }: PaneProps) {
  const from = data.data.length ? data.offset + 1 : 0;
  const to = data.data.length ? data.offset + data.data.length : 0;
  const headingId = `cmp-${side}-title`;
  const activate = () => onActive(side);
  return (
    <section className={`cmp-pane cmp-pane--${side}`} aria-labelledby={headingId}>
      <header className="cmp-pane__head">
        <div className="cmp-pane__title">
          <h2 id={headingId}>{title}</h2>
          <span className="cmp-pane__date">{formatDate(data.date)}</span>
        </div>
        <div className="cmp-pane__meta">
          <span className="cmp-pane__count">
            {formatCount(data.total)} row{data.total === 1 ? '' : 's'}
          </span>
          <span className="cmp-pane__showing">{`Showing ${from} - ${to} rows`}</span>
        </div>
      </header>
      <div
        ref={scrollRef}
        className="cmp-pane__scroll"
        tabIndex={0}
        role="region"
        aria-label={`${title} rows`}
        data-side={side}
        onScroll={(e) => onScroll(side, e)}
        onPointerEnter={activate}
        onPointerDown={activate}
        onWheel={activate}
        onTouchStart={activate}
        onFocus={activate}
        onKeyDown={(e: KeyboardEvent) => e.key.startsWith('Arrow') || e.key.startsWith('Page') ? activate() : undefined}
      >
        {data.data.length ? (
          <ComparisonTable side={side} data={data} columns={columns} keyColumn={keyColumn} imageColumns={imageColumns} />
        ) : (
          <p className="cmp-pane__empty">{emptyText}</p>
        )}
      </div>
    </section>
  );
}

export function ComparisonGrid({ data }: { data: FileData }) {
  const current = useRef<HTMLDivElement>(null);
  const previous = useRef<HTMLDivElement>(null);
  /** The pane the user scrolls; the other one follows. */
  const active = useRef<SideName | null>(null);

  const onActive = (side: SideName) => {
    active.current = side;
  };
  const onScroll = (side: SideName, e: UIEvent<HTMLDivElement>) => {
    if (active.current === null) active.current = side;
    if (active.current !== side) return;
    const from = e.currentTarget;
    const to = side === 'current' ? previous.current : current.current;
    if (!to) return;
    if (to.scrollTop !== from.scrollTop) to.scrollTop = from.scrollTop;
    if (to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
  };

  if (data.currentProductData.total === 0 && data.previousProductData.total === 0) {
    return <p className="cmp-nothing">{PO_MSG.nothingToCompare}</p>;
  }
  const common = { columns: data.columns, keyColumn: data.keyColumn, imageColumns: ROBOT_TYPE_DEFINITIONS[data.type].imageColumns, onScroll, onActive };
  return (
    <div className="cmp-grid">
      <Pane side="current" title="New" data={data.currentProductData} emptyText={PO_MSG.noCurrentRows} scrollRef={current} {...common} />
      <Pane side="previous" title="Previous" data={data.previousProductData} emptyText={PO_MSG.noPreviousRows} scrollRef={previous} {...common} />
    </div>
  );
}
