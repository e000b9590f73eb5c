/**
 * One side's rows of the comparison (001 §4 marking): fixed column widths and one-line rows, so
 * both sides line up at the same scroll offsets. On the New side, changed cells of tracked columns
 * are red and every other cell green; on the Previous side, changed cells have a grey ground. A
 * cell of an image column shows its picture, small, before its text.
 */
import { Picture } from '../../../components/ui/picture';
import type { ComparisonSide, MarkedRow } from '../types';

export type SideName = 'current' | 'previous';

const WIDE_COLUMNS = /description|url|image|screenshot|link|logo|hero/i;
const columnWidth = (column: string, keyColumn: string) => (column === keyColumn ? 150 : WIDE_COLUMNS.test(column) ? 260 : 180);

function cellClass(side: SideName, row: MarkedRow, column: string): string {
  const changed = row.mark === 'changed' && row.changed?.includes(column);
  if (side === 'current') return changed ? 'cmp-cell cmp-cell--changed' : 'cmp-cell cmp-cell--same';
  return changed ? 'cmp-cell cmp-cell--was' : 'cmp-cell';
}

function cellTitle(side: SideName, row: MarkedRow, column: string, value: string): string {
  if (side === 'current' && row.mark === 'changed' && row.changed?.includes(column)) return `${value}\nPrevious: ${row.old?.[column] ?? ''}`;
  return value;
}

export interface ComparisonTableProps {
  side: SideName;
  data: ComparisonSide;
  columns: string[];
  keyColumn: string;
  imageColumns: readonly string[];
}

export function ComparisonTable({ side, data, columns, keyColumn, imageColumns }: ComparisonTableProps) {
  const width = 56 + columns.reduce((sum, c) => sum + columnWidth(c, keyColumn), 0);
  return (
    <table className="cmp-table" style={{ width }}>
      <colgroup>
        <col style={{ width: 56 }} />
        {columns.map((c) => (
          <col key={c} style={{ width: columnWidth(c, keyColumn) }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className="cmp-table__n">
            #
          </th>
          {columns.map((c) => (
            <th key={c} scope="col" title={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.data.map((r, i) => (
          <tr key={`${data.offset + i}`} className={r.mark ? `cmp-row cmp-row--${r.mark}` : 'cmp-row'} data-mark={r.mark ?? 'none'}>
            <td className="cmp-table__n">{data.offset + i + 1}</td>
            {columns.map((c) => {
              const value = r.row[c] ?? '';
              return (
                <td key={c} className={cellClass(side, r, c)} title={cellTitle(side, r, c, value)} data-column={c}>
                  {imageColumns.includes(c) ? <Picture className="cmp-picture" src={r.pictures?.[c] ?? ''} alt={`${c}, row ${data.offset + i + 1}`} /> : null}
                  {value}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
