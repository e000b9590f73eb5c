/**
 * The monthly report of a brand (000 §2 Manage Reports, §7 `GET /report_summary/{brandId}`; the
 * scheduled monthly reports of issue 11 call `buildMonthlyReport` too): one row per retailer of
 * the brand from the month's periods and their counters kept on write (docs/reports.md), never
 * from products. Written with exceljs's streaming WorkbookWriter into /tmp, put in the data
 * bucket under exports/ (deleted after 7 days), reached through the exports' 7-day app link.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import { getBrand } from '../brands';
import { EXPORT_PREFIX, exportLink, putExportObject, putLinkRecord } from '../exports';
import { NotFoundError } from '../lib/http/errors';
import { newId } from '../lib/table';
import { getRetailers } from '../retailers';
import { countFlaggedProducts, listBrandPeriodsOfMonth } from '../scrapings';
import { monthLabel, REPORT_COLUMNS, reportCells, reportFileName, reportRows, totalRow, type ReportRow } from './domain/report-sheet';
import { record } from '../lib/metrics';

const DAY_MS = 24 * 3600 * 1000;

export interface MonthlyReport {
  brand: string;
  /** 'YYYY-MM'. */
  month: string;
  /** The object in the data bucket (exports/reports/<brand>/<YYYY-MM>/<id>.xlsx). */
  key: string;
  /** The name it downloads under. */
  name: string;
  /** Retailer rows (the Total row not counted). */
  rows: number;
}

export interface BuildOptions {
  /** Only these retailers (a User with assigned retailers); default every retailer the brand has enabled. */
  retailers?: readonly string[];
}

export const reportKeyOf = (brand: string, month: string, id: string) => `${EXPORT_PREFIX}reports/${brand}/${month}/${id}.xlsx`;

/** The report's rows: the brand's enabled retailers (or those asked for), the month's periods (one Query), their names (BatchGet). */
export async function monthlyReportRows(brandId: string, month: string, opts: BuildOptions = {}): Promise<{ brandName: string; rows: ReportRow[] }> {
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(BRAND_MSG.brandNotFound);
  const only = opts.retailers ? new Set(opts.retailers) : undefined;
  const ids = brand.retailers.filter((r) => r.flag !== false && (!only || only.has(r.retailer))).map((r) => r.retailer);
  const wanted = new Set(ids);
  const [retailers, periods] = await Promise.all([getRetailers(ids), listBrandPeriodsOfMonth(brandId, month)]);
  const mine = periods.filter((p) => wanted.has(p.retailer));
  // Periods published before `flaggedCount`: counted on their flagged index (the last of the month only).
  const lastOf = new Map<string, (typeof mine)[number]>();
  for (const p of mine) if (!lastOf.has(p.retailer) || lastOf.get(p.retailer)!.date < p.date) lastOf.set(p.retailer, p);
  const legacy = [...lastOf.values()].filter((p) => p.flaggedCount === undefined);
  const flagged = new Map(await Promise.all(legacy.map(async (p) => [p._id, await countFlaggedProducts(p._id, p.version)] as const)));
  const known = new Map(retailers.map((r) => [r._id, r]));
  const rows = reportRows(
    ids.map((id) => ({ _id: id, name: known.get(id)?.name ?? id, optId: known.get(id)?.optId })),
    mine,
    flagged,
  );
  return { brandName: brand.name, rows };
}

/** Streams the rows and the Total row into an xlsx at `file` (one sheet named after the month). */
export async function writeReportFile(file: string, month: string, rows: readonly ReportRow[]): Promise<void> {
  // exceljs is loaded where it is used, not with the module (test/infra/bundling.test.ts).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(monthLabel(month));
  ws.columns = REPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  const cells: ReturnType<typeof reportCells> = [];
  let n = 0;
  for (const row of rows) {
    ws.addRow(reportCells(row, cells)).commit();
    if (++n % 2000 === 0) await new Promise<void>((r) => setImmediate(r));
  }
  ws.addRow(reportCells(totalRow(rows), cells)).commit();
  ws.commit();
  await wb.commit();
  record('Exports', 1);
  record('ExportRows', n);
}

/** Builds the report of `month` ('YYYY-MM') and puts it in the data bucket: what a scheduled job calls. */
export async function buildMonthlyReport(brandId: string, month: string, opts: BuildOptions = {}): Promise<MonthlyReport> {
  const { brandName, rows } = await monthlyReportRows(brandId, month, opts);
  const id = newId();
  const key = reportKeyOf(brandId, month, id);
  const file = path.join(tmpdir(), `report-${id}-${randomBytes(4).toString('hex')}.xlsx`);
  try {
    await writeReportFile(file, month, rows);
    await putExportObject(key, file);
  } finally {
    await rm(file, { force: true });
  }
  return { brand: brandId, month, key, name: reportFileName(brandName, month), rows: rows.length };
}

/** The 7-day app link of a built report (its EXPORT# record, outside any retailer's export history). */
export async function reportLink(report: MonthlyReport, createdBy: string, now = new Date()): Promise<string> {
  const record = {
    _id: report.key.slice(report.key.lastIndexOf('/') + 1, -'.xlsx'.length),
    brand: report.brand,
    retailer: '',
    name: report.name,
    key: report.key,
    rows: report.rows,
    createdBy,
    createdAt: now.toISOString(),
    linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString(),
  };
  await putLinkRecord(record);
  return exportLink(record);
}
