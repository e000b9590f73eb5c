/**
 * The rows of an uploaded contacts file (000 §2 Import: .csv or .xlsx): CSV with csv-parse (a
 * BOM dropped, the delimiter of the header line: comma, semicolon or tab, quotes as RFC 4180),
 * xlsx with exceljs's streaming reader (the first worksheet). The first non-empty row is the
 * header row; cells are trimmed text. At most `maxRows` rows under the header.
 */
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { CONTACTS_IO_LIMITS, type ContactsIoLimits } from '../../../shared/schemas/contacts-import';
import { detectType, FileCheckError, type DetectedType } from './file-check';

export interface ParsedFile {
  type: DetectedType;
  headers: string[];
  /** Rows under the header, each as many cells as the header (missing ones ''). */
  rows: string[][];
}

/** The delimiter of the header line: the most frequent of , ; tab outside quotes. */
export function csvDelimiter(text: string): string {
  const counts = { ',': 0, ';': 0, '\t': 0 } as Record<string, number>;
  let quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** An exceljs cell value as text: rich text joined, a hyperlink's text, a formula's result, a date as YYYY-MM-DD. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text?: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((t) => t.text ?? '').join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return '';
}

const blank = (row: string[]) => row.every((c) => c === '');

function shape(table: Iterable<string[]>, limits: ContactsIoLimits): { headers: string[]; rows: string[][] } {
  let headers: string[] | undefined;
  const rows: string[][] = [];
  for (const raw of table) {
    const row = raw.map((c) => c.trim());
    if (blank(row)) continue;
    if (!headers) {
      if (row.length > limits.maxColumns) throw new FileCheckError('tooManyColumns', 'type');
      headers = row.map((h) => h.slice(0, limits.maxHeader));
      continue;
    }
    if (rows.length >= limits.maxRows) throw new FileCheckError('tooManyRows', 'size');
    rows.push(headers.map((_, i) => row[i] ?? ''));
  }
  if (!headers) throw new FileCheckError('noHeaders', 'type');
  return { headers, rows };
}

function csvTable(content: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '');
  try {
    return parseCsv(text, { delimiter: csvDelimiter(text), relax_column_count: true, skip_empty_lines: true, relax_quotes: false, bom: true }) as string[][];
  } catch {
    throw new FileCheckError('badCsv', 'type');
  }
}

async function xlsxTable(content: Uint8Array, limits: ContactsIoLimits): Promise<string[][]> {
  // exceljs is loaded where it is used, not with the module (test/infra/bundling.test.ts).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(content)), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  const out: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row as unknown as { values: unknown[] }).values ?? [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        out.push(cells);
        // The header row and one row more than allowed is enough to refuse.
        if (out.length > limits.maxRows + 50) break;
      }
      break; // the first worksheet only
    }
  } catch {
    throw new FileCheckError('badXlsx', 'type');
  }
  return out;
}

/** The file checked (size, type by its bytes, zip bomb) and read. Throws FileCheckError. */
export async function parseContactsFile(content: Uint8Array, limits: ContactsIoLimits = CONTACTS_IO_LIMITS): Promise<ParsedFile> {
  const type = detectType(content, limits);
  const table = type === 'csv' ? csvTable(content) : await xlsxTable(content, limits);
  return { type, ...shape(table, limits) };
}
