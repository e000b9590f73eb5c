/**
 * GET /caseEvidencePack/{brandId}/{retailerId} (issue 24 §2): the retailer's active cases with
 * their evidence as a PDF a retailer can read and a brand can file (./domain/evidence-pack.ts),
 * made on the server in the call, put in the data bucket under exports/ (deleted after 7 days, as
 * every export) and answered as the exports' 7-day app link (GET /exports/download), as the
 * monthly report is.
 *
 * Bounded: the CASE_PACK.maxCases worst cases (pages of the active list, worst first), the
 * severity counts by key-only COUNTs, each picture at most PICTURE_MAX_BYTES and all of them
 * PACK_PICTURE_BYTES, read 8 at a time.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { CASE_PACK } from '../../shared/messages/cases';
import { getBrand } from '../brands';
import { EXPORT_PREFIX, exportLink, linkExpiry, PDF_TYPE, putExportObject, putLinkRecord } from '../exports';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { keptPictureKey, storedPictureKey } from '../lib/image-links';
import { mapLimit } from '../lib/map-limit';
import { newId } from '../lib/table';
import { getRetailers } from '../retailers';
import { countActiveBySeverity, getCaseCounts, worstActiveCases } from './cases.repo';
import type { CaseRecord } from './domain/case';
import { buildEvidencePack, type PackPicture } from './domain/evidence-pack';
import { assertCanSeeCases } from './reads';

/** A picture larger than this is named in the pack, not put in it (a full-page screenshot can be tens of MB). */
export const PICTURE_MAX_BYTES = 4 * 1024 * 1024;
/** The pictures of one pack together: what is left over is named, not shown. */
export const PACK_PICTURE_BYTES = 64 * 1024 * 1024;

export const evidencePackKeyOf = (brand: string, retailer: string, id: string) => `${EXPORT_PREFIX}evidence-packs/${brand}/${retailer}/${id}.pdf`;

/** The name the pack downloads under (no character a file system refuses). */
export function evidencePackName(retailerName: string, date: string): string {
  // eslint-disable-next-line no-control-regex
  return CASE_PACK.fileName(retailerName.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').replace(/\s+/g, ' ').trim().slice(0, 120), date);
}

/** The S3 error of an object that is not there. */
const isMissing = (e: unknown) => e instanceof Error && (e.name === 'NoSuchKey' || e.name === 'NotFound');

/** Reads the case's pictures for the pack: the kept copies, else the scraped objects while they last. */
function picturesReader() {
  let budget = PACK_PICTURE_BYTES;
  return async (c: CaseRecord): Promise<PackPicture[]> => {
    const out: PackPicture[] = [];
    for (const which of ['image', 'screenshot'] as const) {
      const key = (c.evidence.kept?.[which] && keptPictureKey(c.evidence.kept[which])) || storedPictureKey(c.evidence.scraped[which]);
      if (!key) continue;
      try {
        const got = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: key }));
        const size = got.ContentLength ?? 0;
        if (size > PICTURE_MAX_BYTES || size > budget) {
          // Not read: the connection goes with the body.
          (got.Body as { destroy?: () => void } | undefined)?.destroy?.();
          out.push({ which, missing: 'tooLarge' });
          continue;
        }
        budget -= size;
        out.push({ which, bytes: await got.Body!.transformToByteArray() });
      } catch (e) {
        if (!isMissing(e)) throw e;
        out.push({ which, missing: 'gone' });
      }
    }
    return out;
  };
}

export interface EvidencePackAnswer {
  message: string;
  /** The 7-day app link of the PDF. */
  link: string;
  name: string;
  /** The cases in the pack, and every active case of the retailer. */
  cases: number;
  total: number;
  truncated: boolean;
}

export async function evidencePackFor(auth: AuthContext, brand: string, retailer: string, now = new Date()): Promise<EvidencePackAnswer> {
  assertCanSeeCases(auth, brand, retailer);
  const [brandRecord, [retailerRecord], bySeverity, counts, worst] = await Promise.all([
    getBrand(brand),
    getRetailers([retailer]),
    countActiveBySeverity(brand, retailer),
    getCaseCounts(brand, retailer),
    worstActiveCases(brand, retailer, CASE_PACK.maxCases),
  ]);
  if (!retailerRecord) throw new NotFoundError(CASE_PACK.retailerNotFound);
  if (!worst.items.length) throw new ConflictError(CASE_PACK.noCases);
  const pictures = await mapLimit(worst.items, 8, picturesReader());
  const createdAt = now.toISOString();
  const bytes = await buildEvidencePack({
    brandName: brandRecord?.name ?? brand,
    retailerName: retailerRecord.name,
    generatedAt: createdAt,
    bySeverity,
    byStatus: { open: counts.open, notified: counts.notified, acknowledged: counts.acknowledged },
    cases: worst.items.map((record, i) => ({ record, pictures: pictures[i]! })),
  });
  const id = newId();
  const key = evidencePackKeyOf(brand, retailer, id);
  const file = path.join(tmpdir(), `evidence-pack-${id}-${randomBytes(4).toString('hex')}.pdf`);
  try {
    await writeFile(file, bytes);
    await putExportObject(key, file, PDF_TYPE);
  } finally {
    await rm(file, { force: true });
  }
  const total = bySeverity.high + bySeverity.medium + bySeverity.low;
  const record = { _id: id, brand, retailer, name: evidencePackName(retailerRecord.name, createdAt.slice(0, 10)), key, rows: worst.items.length, createdBy: auth.sub, createdAt, linkExpiresAt: linkExpiry(createdAt) };
  // The link record outside the retailer's export history (as the basket export's and the monthly report's files).
  await putLinkRecord(record);
  return { message: CASE_PACK.ready, link: await exportLink(record), name: record.name, cases: worst.items.length, total: Math.max(total, worst.items.length), truncated: worst.more };
}
