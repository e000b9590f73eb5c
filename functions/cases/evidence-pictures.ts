/**
 * The pictures a case keeps (issue 24 §2; docs/decisions/40-cases.md "Built"): the scraped
 * picture and screenshot a case's evidence names live under `screenshots/`, deleted 180 days after
 * upload with the scraped data; when a case opens or reopens, each one stored with us is copied to
 * `evidence/<brand>/<caseId>/<opening>-<image|screenshot>.<ext>` (no expiry rule on that prefix)
 * and the copies' keys are set on the evidence (`kept`). The case modal and the evidence pack show
 * the kept copy.
 *
 * Run after the flag's transaction, never inside it: a copy that fails or times out leaves the
 * flag and its case as they are (the scraped keys stand), logs a warning and is done again by
 * `npm run keep-evidence` (infra/scripts/keep-evidence.ts). Idempotent: the same opening copies to
 * the same keys, and the keys are set only while the case is still at that opening.
 * The S3 client is loaded on the first opening, not with the flag's function (most flag calls open
 * nothing: a flag again, an unflag, a resolution).
 */
import { SCRAPED_OBJECT_DAYS } from '../../shared/retention';
import { env } from '../lib/env';
import { KEPT_PICTURE_PREFIX, storedPictureKey } from '../lib/image-links';
import { logger } from '../lib/logger';
import { record } from '../lib/metrics';
import { activeCases, casesResolvedSince, setKeptPictures } from './cases.repo';
import type { CaseRecord } from './domain/case';

/** How long the copies of one opening may take before the flag's answer goes without them. */
export const KEEP_TIMEOUT_MS = 5000;

export type Kept = { image: string; screenshot: string };
const WHICH = ['image', 'screenshot'] as const;

/** The key of an opening's kept copy: the case's opening (0 the first, n its n-th reopening), which picture, the source's extension. */
export function keptKeyOf(c: Pick<CaseRecord, '_id' | 'brand' | 'repeats'>, which: (typeof WHICH)[number], source: string): string {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(source.slice(source.lastIndexOf('/') + 1))?.[1]?.toLowerCase();
  return `${KEPT_PICTURE_PREFIX}${c.brand}/${c._id}/${c.repeats}-${which}${ext ? `.${ext}` : ''}`;
}

/** The pictures of a case's evidence stored with us (under `screenshots/`): what an opening keeps. */
export function picturesToKeep(c: Pick<CaseRecord, 'evidence'>): Partial<Record<(typeof WHICH)[number], string>> {
  const out: Partial<Record<(typeof WHICH)[number], string>> = {};
  for (const w of WHICH) {
    const key = storedPictureKey(c.evidence.scraped[w]);
    if (key) out[w] = key;
  }
  return out;
}

/** An S3 CopySource: the bucket and the key, each folder URL-encoded (the slashes kept). */
const copySource = (key: string) => `${env.dataBucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Copies the case's stored pictures to their kept keys and sets them on the case (all or none).
 * Never throws: a failure is logged as a warning and answers undefined. Answers the kept keys
 * (also when the case had them already); undefined too when there is nothing to keep.
 */
export async function keepEvidencePictures(c: CaseRecord, timeoutMs = KEEP_TIMEOUT_MS): Promise<Kept | undefined> {
  const sources = picturesToKeep(c);
  if (!sources.image && !sources.screenshot) return undefined;
  if (c.evidence.kept) return c.evidence.kept;
  const kept: Kept = { image: '', screenshot: '' };
  try {
    const [{ CopyObjectCommand }, { s3 }] = await Promise.all([import('@aws-sdk/client-s3'), import('../lib/clients/s3')]);
    const signal = AbortSignal.timeout(timeoutMs);
    await Promise.all(
      WHICH.map(async (w) => {
        const source = sources[w];
        if (!source) return;
        const key = keptKeyOf(c, w, source);
        await s3.send(new CopyObjectCommand({ Bucket: env.dataBucket, Key: key, CopySource: copySource(source), MetadataDirective: 'COPY' }), { abortSignal: signal });
        kept[w] = key;
      }),
    );
    if (!(await setKeptPictures(c._id, c.openedAt, kept))) {
      logger.info('The case moved on before its pictures were kept: its newer opening keeps its own', { caseId: c._id, openedAt: c.openedAt });
      return undefined;
    }
    return kept;
  } catch (e) {
    record('EvidenceNotKept', 1);
    logger.warn('The evidence pictures of a case could not be kept: its scraped keys stand until `npm run keep-evidence` keeps them', {
      caseId: c._id,
      brand: c.brand,
      retailer: c.retailer,
      sources,
      error: e instanceof Error ? { name: e.name, message: e.message } : String(e),
    });
    return undefined;
  }
}

/**
 * The re-run (`npm run keep-evidence`): every case of the retailer that should keep pictures and
 * has not (a copy that failed or timed out), active or resolved within the scraped objects' life
 * (older ones have nothing left to copy), kept now. Bounded by those two lists of the retailer.
 */
export async function keepMissingEvidence(brand: string, retailer: string, now = new Date()): Promise<{ missing: number; kept: number }> {
  const out = { missing: 0, kept: 0 };
  const since = new Date(now.getTime() - SCRAPED_OBJECT_DAYS * 86_400_000).toISOString();
  for (const pages of [activeCases(brand, retailer), casesResolvedSince(brand, retailer, since)]) {
    for await (const page of pages) {
      for (const c of page) {
        const want = picturesToKeep(c);
        if (c.evidence.kept || (!want.image && !want.screenshot)) continue;
        out.missing++;
        if (await keepEvidencePictures(c)) out.kept++;
      }
    }
  }
  return out;
}
