/**
 * The basket export's background step (docs/basket.md "Export"): the basket's xlsx (exceljs's
 * streaming writer) and a zip of the items' images (archiver, images fetched a few at a time,
 * failures listed in failed-images.txt inside the zip), both written to /tmp, streamed to S3
 * under exports/ (deleted after 7 days) and recorded as exports, so the 7-day app links of
 * GET /exports/download open them. Progress (items done of total) is written to the job as it goes.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import { BASKET_MSG } from '../../shared/messages/basket';
import type { BasketItem } from '../../shared/schemas/basket';
import { EXPORT_PREFIX, putExportObject, putLinkRecord, safeCell, XLSX_TYPE } from '../exports';
import { env } from '../lib/env';
import { imageLinker, type ImageLinker } from '../lib/image-links';
import { getRetailers } from '../retailers';
import { logger } from '../lib/logger';
import { newId } from '../lib/table';
import { mapLimit } from '../lib/map-limit';
import { getItems, getJob, itemPages, releaseExportSlot, updateJob, type BasketRef } from './basket.repo';
import { fetchPicture, imageExtension, ImageFetchError } from './image-fetch';

/** The zip stops taking images past this size (Lambda's /tmp is sized for it: infra). */
export const ZIP_MAX_BYTES = 1536 * 1024 * 1024;
const IMAGE_CONCURRENCY = 8;

/** The basket sheet's columns (those of the OH tabs' export, docs/exports.md); `link` gives a stored picture's app link. */
export const basketColumns = (link: ImageLinker): readonly { header: string; width: number; value: (i: BasketItem) => string | number | null }[] => [
  { header: 'Serial #', width: 18, value: (i) => i.serialNo },
  { header: 'Inventory ID', width: 18, value: (i) => i.inventoryId },
  { header: 'Description', width: 40, value: (i) => i.styleName },
  { header: 'Price', width: 12, value: (i) => i.price },
  { header: 'Customer ID', width: 14, value: (i) => i.customerId },
  { header: 'Customer Name', width: 28, value: (i) => i.customerName },
  { header: 'Product Image', width: 40, value: (i) => (i.image ? link(i.image) : i.image) },
];

/** The items to export, a page at a time: the asked serials (in the basket), else the whole basket. */
async function* jobItems(ref: BasketRef, serials: string[] | undefined): AsyncGenerator<BasketItem[]> {
  if (!serials) {
    yield* itemPages(ref);
    return;
  }
  for (let i = 0; i < serials.length; i += 100) yield getItems(ref, serials.slice(i, i + 100));
}

/** A file name without the characters a file system refuses. */
const fileSafe = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .trim() || 'item';

export async function runBasketExport(jobId: string, serials: string[] | undefined): Promise<void> {
  const job = await getJob(jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return; // a redelivered event
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basket-'));
  try {
    await updateJob(jobId, { status: 'running', done: 0 });
    const [retailer] = await getRetailers([job.retailer]);
    const base = fileSafe(`${retailer?.name ?? job.retailer} - Basket - ${job.createdAt.slice(0, 10)}`);
    const xlsxFile = path.join(dir, 'basket.xlsx');
    const zipFile = path.join(dir, 'images.zip');

    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsxFile, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('Basket');
    // Stored pictures as app links from the app's address (the sheet is opened outside the app), open as long as the export's links.
    const columns = basketColumns(await imageLinker({ base: env.appUrl }));
    ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));

    const zip = archiver('zip', { zlib: { level: 1 } });
    const zipOut = createWriteStream(zipFile);
    const zipDone = new Promise<void>((resolve, reject) => {
      zipOut.on('close', resolve);
      zipOut.on('error', reject);
      zip.on('error', reject);
    });
    zip.pipe(zipOut);
    // Entries the zip has written out (archiver emits 'entry' once an entry's data is processed).
    let appended = 0;
    let entries = 0;
    let waiting: { n: number; resolve: () => void } | undefined;
    zip.on('entry', () => {
      entries++;
      if (waiting && entries >= waiting.n) waiting.resolve();
    });
    const written = (n: number) => (entries >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve })));

    const failures: string[] = [];
    const names = new Set<string>();
    let done = 0;
    let zipped = 0;
    let lastWrite = Date.now();
    for await (const page of jobItems(job, serials)) {
      for (const item of page) ws.addRow(columns.map((c) => safeCell(c.value(item)))).commit();
      // Images in chunks of IMAGE_CONCURRENCY fetched at once, appended in order, and the next chunk
      // only once the zip has written them: at most one chunk of images is in memory.
      for (let c = 0; c < page.length; c += IMAGE_CONCURRENCY) {
        const fetched = await mapLimit(page.slice(c, c + IMAGE_CONCURRENCY), IMAGE_CONCURRENCY, async (item) => {
          if (!item.image) return { item, error: 'no image' };
          if (zipped > ZIP_MAX_BYTES) return { item, error: 'the zip is full' };
          try {
            const img = await fetchPicture(item.image);
            zipped += img.body.length;
            return { item, img };
          } catch (e) {
            return { item, error: e instanceof ImageFetchError ? e.message : 'failed' };
          }
        });
        for (const f of fetched) {
          if ('img' in f && f.img) {
            let name = `${fileSafe(f.item.serialNo)}${imageExtension(f.img.contentType, f.item.image)}`;
            for (let n = 2; names.has(name); n++) name = `${fileSafe(f.item.serialNo)}-${n}${imageExtension(f.img.contentType, f.item.image)}`;
            names.add(name);
            zip.append(f.img.body, { name: `images/${name}` });
            appended++;
          } else {
            failures.push(`${f.item.serialNo}\t${f.item.image || '-'}\t${f.error}`);
          }
        }
        // (A zip error rejects zipDone: the wait ends with it.)
        await Promise.race([written(appended), zipDone]);
        done += fetched.length;
        if (Date.now() - lastWrite > 500) {
          lastWrite = Date.now();
          await updateJob(jobId, { done: Math.min(done, job.total) });
        }
      }
    }
    ws.commit();
    await wb.commit();
    zip.append(
      failures.length ? `Images not included (serial, address, reason):\n${failures.join('\n')}\n` : 'Every item with an image is included.\n',
      { name: 'failed-images.txt' },
    );
    await zip.finalize();
    await zipDone;

    const ids = { excel: newId(), zip: newId() };
    const now = new Date().toISOString();
    const record = (id: string, name: string, ext: string) => ({
      _id: id,
      brand: job.brand,
      retailer: job.retailer,
      name,
      key: `${EXPORT_PREFIX}basket/${job.brand}/${job.retailer}/${id}${ext}`,
      rows: done,
      createdBy: job.owner,
      createdAt: now,
      linkExpiresAt: job.linkExpiresAt,
    });
    const excel = record(ids.excel, `${base}.xlsx`, '.xlsx');
    const zipRec = record(ids.zip, `${base} - Images.zip`, '.zip');
    await putExportObject(excel.key, xlsxFile, XLSX_TYPE);
    await putExportObject(zipRec.key, zipFile, 'application/zip');
    await putLinkRecord(excel);
    await putLinkRecord(zipRec);
    await updateJob(jobId, { status: 'done', done, total: done, excelExportId: ids.excel, zipExportId: ids.zip, failedImages: failures.length });
  } catch (e) {
    logger.error('basket export failed', { jobId, error: String((e as Error).stack ?? e) });
    // Recorded, not thrown: a retried event would find the job failed anyway.
    await updateJob(jobId, { status: 'failed', error: BASKET_MSG.exportFailed }).catch(() => undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await releaseExportSlot(job.owner, jobId).catch((e: unknown) => logger.error('basket export slot not released', { jobId, error: String(e) }));
  }
}
