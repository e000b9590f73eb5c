/**
 * What an export of a product tab holds (001 §7 `exportFile`): its columns per kind of tab (the
 * tables of 000 §2 and 001 §2), the cells of one row made safe to open in a spreadsheet, and the
 * name the user downloads it under. Pure.
 */
import { ON_HAND_ROW_VIEWS, type ProductView } from '../../../shared/schemas/scrapings';
import { TAB_LABELS } from '../../../shared/schemas/exports';
import type { OhRow, PricedProductRow, ProductScrape, ViewRow } from '../../scrapings';

export type Cell = string | number | null;

export interface Column {
  header: string;
  width: number;
  value: (row: ViewRow) => Cell;
}

/**
 * A text cell a spreadsheet could run as a formula (`=`, `+`, `-`, `@`) or that starts with a tab,
 * carriage return or line feed gets a leading apostrophe: the spreadsheet shows it as text
 * (OWASP "CSV injection"). Numbers stay numbers (a negative price difference is a number, not text).
 */
export function safeCell(v: Cell | undefined): Cell {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return startsFormula(v.charCodeAt(0)) ? `'${v}` : v;
}
/** = + - @ tab CR LF: compares, not a Set lookup (an export checks a million cells). */
const startsFormula = (c: number) => c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 10;

const CHANGE_LABEL = { added: 'New!', deleted: 'Removed', change: 'Product Updated' } as const;

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** "price: 200; name: Old name": the old values of a changed product. */
export function changedFrom(p: ProductScrape): string {
  if (!p.change) return '';
  return Object.entries(p.change)
    .map(([k, v]) => `${k}: ${text(v)}`)
    .join('; ');
}

/** The flag's reasons and comment: "Price: Wrong price; Image Issues — comment". */
export function flagReason(p: ProductScrape): string {
  if (p.isFlagged !== 'yes') return '';
  const m = (p.flagMessage ?? {}) as { reason?: unknown; message?: unknown };
  const reasons = Array.isArray(m.reason)
    ? m.reason
        .map((r: unknown) => {
          const { name, value } = (r ?? {}) as { name?: unknown; value?: unknown };
          const n = text(name);
          const v = text(value);
          return n && v && v !== n && v !== 'true' ? `${n}: ${v}` : n || v;
        })
        .filter(Boolean)
    : [];
  const comment = text(m.message).replace(/<[^>]*>/g, '').trim();
  return [reasons.join('; '), comment].filter(Boolean).join(' — ');
}

const productColumns: Column[] = [
  { header: 'Name', width: 40, value: (r) => (r as ProductScrape).name },
  { header: 'Price', width: 12, value: (r) => (r as ProductScrape).price },
  { header: 'Retailer Sku', width: 18, value: (r) => (r as ProductScrape).style_number },
  { header: 'Brand Sku', width: 18, value: (r) => (r as ProductScrape).brand_sku },
  { header: 'Since last scan', width: 16, value: (r) => ((r as ProductScrape).type ? CHANGE_LABEL[(r as ProductScrape).type!] : '') },
  { header: 'Changed From', width: 30, value: (r) => changedFrom(r as ProductScrape) },
  { header: 'Flagged', width: 9, value: (r) => (r as ProductScrape).isFlagged },
  { header: 'Flagged reason', width: 40, value: (r) => flagReason(r as ProductScrape) },
  { header: 'OH Map ID', width: 16, value: (r) => (r as ProductScrape).oh_map_id },
  { header: 'Shoppability', width: 14, value: (r) => (r as ProductScrape).shoppability },
  { header: 'URL', width: 40, value: (r) => (r as ProductScrape).URL },
  { header: 'Product Image', width: 40, value: (r) => (r as ProductScrape).image },
];

const pricedColumns: Column[] = [
  { header: 'Name', width: 40, value: (r) => (r as PricedProductRow).name },
  { header: 'Retailer Sku', width: 18, value: (r) => (r as PricedProductRow).style_number },
  { header: 'Brand Sku', width: 18, value: (r) => (r as PricedProductRow).brand_sku },
  { header: 'Serial #', width: 16, value: (r) => (r as PricedProductRow).serialNo },
  { header: 'Inventory ID', width: 18, value: (r) => (r as PricedProductRow).inventoryId },
  { header: 'OH Price', width: 12, value: (r) => (r as PricedProductRow).oh_price },
  { header: 'SD Price', width: 12, value: (r) => (r as PricedProductRow).price },
  { header: 'Price Diff', width: 12, value: (r) => (r as PricedProductRow).priceDiff },
  { header: 'Flagged', width: 9, value: (r) => (r as PricedProductRow).isFlagged },
  { header: 'OH Map ID', width: 16, value: (r) => (r as PricedProductRow).oh_map_id },
  { header: 'URL', width: 40, value: (r) => (r as PricedProductRow).URL },
  { header: 'Product Image', width: 40, value: (r) => (r as PricedProductRow).image },
];

const ohColumns: Column[] = [
  { header: 'Serial #', width: 16, value: (r) => (r as OhRow).serialNo },
  { header: 'Inventory ID', width: 18, value: (r) => (r as OhRow).inventoryId },
  { header: 'Description', width: 40, value: (r) => (r as OhRow).styleName },
  { header: 'Price', width: 12, value: (r) => (r as OhRow).price },
  { header: 'Customer ID', width: 14, value: (r) => (r as OhRow).customerId },
  { header: 'Customer Name', width: 24, value: (r) => (r as OhRow).customerName },
  { header: 'Product Image', width: 40, value: (r) => (r as OhRow).image },
];

/**
 * The columns of a tab's export. `link`: what a picture becomes in the sheet (the app link of a
 * stored picture, which opens for 7 days like the export's own link: functions/lib/image-links.ts).
 */
export function columnsOf(view: ProductView, link?: (picture: string) => string): Column[] {
  const columns = ON_HAND_ROW_VIEWS.includes(view) ? ohColumns : view === 'price_diff' || view === 'price_match' ? pricedColumns : productColumns;
  if (!link) return columns;
  return columns.map((c) =>
    c.header === 'Product Image'
      ? {
          ...c,
          value: (r) => {
            const v = c.value(r);
            return typeof v === 'string' && v ? link(v) : v;
          },
        }
      : c,
  );
}

/**
 * One row's cells made safe (safeCell) into `into`, reused from row to row by the writer (the
 * streaming writer copies the values into its own cells): an empty cell ('' or null) is
 * `undefined`, which the writer leaves out of the sheet (no empty `<c>` element).
 */
export function fillCells(columns: readonly Column[], row: ViewRow, into: (Cell | undefined)[]): (Cell | undefined)[] {
  into.length = columns.length;
  for (let i = 0; i < columns.length; i++) {
    const v = safeCell(columns[i]!.value(row));
    into[i] = v === null || v === '' ? undefined : v;
  }
  return into;
}

/** One row's cells, each made safe (safeCell). */
export function rowCells(columns: readonly Column[], row: ViewRow): Cell[] {
  const cells = new Array<Cell>(columns.length);
  for (let i = 0; i < columns.length; i++) cells[i] = safeCell(columns[i]!.value(row));
  return cells;
}

/** What the tab shows, in words: "Price Issues", "ALL SCRAPED (NOT Mapped)", "… search 'rivoli'". */
export function tabTitle(o: { view: ProductView; mapped?: boolean; unflaggedOnly?: boolean; search?: string }): string {
  let t = TAB_LABELS[o.view];
  if (o.mapped !== undefined && !ON_HAND_ROW_VIEWS.includes(o.view)) t += o.mapped ? ' (Mapped)' : ' (NOT Mapped)';
  if (o.unflaggedOnly) t += ' (unflagged)';
  if (o.search) t += ` (search ${o.search.slice(0, 40)})`;
  return t;
}

/**
 * The file name a user recognises: "<retailer> - <tab> - <scan date>.xlsx". Characters a file
 * system refuses (and control characters) become '-'; at most 150 characters before the extension.
 */
export function exportFileName(retailerName: string, title: string, date: string): string {
  // eslint-disable-next-line no-control-regex
  const base = `${retailerName} - ${title} - ${date}`.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').replace(/\s+/g, ' ').trim();
  return `${base.slice(0, 150).trim()}.xlsx`;
}

/** `attachment` with the name in both forms (RFC 6266): an ASCII fallback and the UTF-8 original. */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '-') || 'export.xlsx';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
