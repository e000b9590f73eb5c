/** CSV out (RFC 4180), cells made safe from formula injection first (safeCell of the exports). Pure. */
import { safeCell, type Cell } from '../../exports';

/** One line: each cell made safe, quoted when it holds a quote, comma, semicolon or line break. */
export function csvLine(cells: readonly (Cell | undefined)[]): string {
  return (
    cells
      .map((c) => {
        const v = safeCell(c);
        const s = v === null ? '' : String(v);
        return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
      })
      .join(',') + '\r\n'
  );
}

/** A UTF-8 BOM: spreadsheets then read the file as UTF-8 (the import drops it). */
export const CSV_BOM = '\uFEFF';
