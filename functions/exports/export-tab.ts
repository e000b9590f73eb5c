/**
 * GET /exportFile (001 §7; docs/exports.md): every row of the tab the list call would show (same
 * filters, search and sort: productRows of the tab read path), streamed into an xlsx in /tmp, put
 * in S3 under `exports/`, recorded in the retailer's export history, answered with the app link.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import type { ExportFileQuery } from '../../shared/schemas/exports';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { env } from '../lib/env';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker } from '../lib/image-links';
import { newId } from '../lib/table';
import { getRetailers } from '../retailers/retailers.repo';
import { assertCanSee } from '../scrapings/access';
import { productRows } from '../scrapings/product-reads';
import { getPeriod } from '../scrapings/scrapings.repo';
import { columnsOf, exportFileName, tabTitle } from './domain/export-sheet';
import { exportLink } from './exports';
import { exportKeyOf, putExportObject, putExportRecord, type ExportRecord } from './exports.repo';
import { writeXlsxFile } from './xlsx';

const DAY_MS = 24 * 3600 * 1000;

/** GET /exportFile: the whole tab as xlsx → `{ link, name }`. */
export async function exportTab(auth: AuthContext, q: ExportFileQuery, now = new Date()): Promise<{ link: string; name: string }> {
  const period = await getPeriod(q.retailer_brand_scraping);
  if (!period) throw new NotFoundError(SCRAPING_MSG.periodNotFound);
  assertCanSee(auth, period);
  // Pictures as app links from the app's address: the sheet is opened outside the app.
  const [[retailer], rows, link] = await Promise.all([getRetailers([period.retailer]), productRows(period, q), imageLinker({ base: env.appUrl, now: now.getTime() })]);
  const title = tabTitle(q);
  const name = exportFileName(retailer?.name ?? period.retailer, title, period.date);
  const id = newId();
  const key = exportKeyOf(period.brand, period.retailer, id);
  const file = path.join(tmpdir(), `export-${id}-${randomBytes(4).toString('hex')}.xlsx`);
  let count: number;
  try {
    count = await writeXlsxFile(file, title, columnsOf(q.view, link), rows);
    await putExportObject(key, file);
  } finally {
    await rm(file, { force: true });
  }
  const record: ExportRecord = {
    _id: id,
    brand: period.brand,
    retailer: period.retailer,
    period: period._id,
    view: q.view,
    name,
    key,
    rows: count,
    createdBy: auth.sub,
    createdAt: now.toISOString(),
    linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString(),
  };
  await putExportRecord(record);
  return { link: await exportLink(record), name };
}
