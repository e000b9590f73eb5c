/**
 * Writes rows to an xlsx file with exceljs's streaming writer (WorkbookWriter): each row is
 * committed as it comes, inline strings (no shared-strings table), no styles, empty cells left
 * out, so memory stays
 * bounded whatever the number of rows (docs/exports.md). Every 2,000 rows the event loop turns so
 * the zip stream drains to the file instead of piling up in memory.
 */
import type { ViewRow } from '../scrapings';
import { fillCells, safeCell, type Cell, type Column } from './domain/export-sheet';
import { record } from '../lib/metrics';

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ */
export const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Export';

/**
 * The streaming writer both exports go through: the header, then each row as `toCells` gives it,
 * committed as it comes; every 2,000 rows the event loop turns (the zip stream drains) and
 * `onProgress` hears the count.
 */
async function streamXlsx<R>(
  filename: string,
  title: string,
  columns: readonly { header: string; width: number }[],
  rows: Iterable<R> | AsyncIterable<R>,
  toCells: (row: R) => (Cell | undefined)[],
  onProgress?: (rows: number) => Promise<void>,
): Promise<number> {
  // exceljs (~1.2 MB) is evaluated on the first export, not at every cold start of the function.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(title));
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  let n = 0;
  const turn = async () => {
    await new Promise<void>((r) => setImmediate(r));
    if (onProgress) await onProgress(n);
  };
  // A list is walked without an await per row (only every 2,000th turns the loop).
  if (Symbol.asyncIterator in rows)
    for await (const row of rows) {
      ws.addRow(toCells(row)).commit();
      if (++n % 2000 === 0) await turn();
    }
  else
    for (const row of rows) {
      ws.addRow(toCells(row)).commit();
      if (++n % 2000 === 0) await turn();
    }
  ws.commit();
  await wb.commit();
  record('Exports', 1);
  record('ExportRows', n);
  return n;
}

/** Writes the header and one row per item of `rows` (cells made safe by fillCells, empty cells left out); the number of rows written. `onProgress` hears the rows written every 2,000. */
export function writeXlsxFile(filename: string, title: string, columns: readonly Column[], rows: Iterable<ViewRow>, onProgress?: (rows: number) => Promise<void>): Promise<number> {
  const cells: (Cell | undefined)[] = []; // one array for every row: addRow copies the values
  return streamXlsx(filename, title, columns, rows, (row) => fillCells(columns, row, cells), onProgress);
}

/**
 * The same streaming writer for rows given as cells, as a list or as they are read (a list that
 * is not a product tab: the admin's Permissions export, a brand's contacts): each cell made safe
 * (safeCell), empty cells left out. `onProgress` hears the rows written every 2,000.
 */
export function writeCellsXlsxFile(
  filename: string,
  title: string,
  columns: readonly { header: string; width: number }[],
  rows: Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>,
  onProgress?: (rows: number) => Promise<void>,
): Promise<number> {
  return streamXlsx(filename, title, columns, rows, (row) =>
    row.map((c) => {
      const v = safeCell(c);
      return v === null || v === '' ? undefined : v;
    }),
  onProgress);
}
