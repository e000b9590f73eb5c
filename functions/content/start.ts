/**
 * What starts the content checks: a product file's publication (each period it published), a new
 * catalogue version (each retailer's latest period of the brand), a person's "Check again". The
 * execution's name is the cause, so a retried event starts it once.
 */
import { createHash } from 'node:crypto';
import { listBrandRows, listStages } from '../scrapings';
import { mapLimit } from '../lib/map-limit';
import { startContentChecks } from '../lib/workflow';
import { markStartFailed } from './content.repo';

const nameOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 40);

/** The periods a published product file wrote (its stage records, read before cleanup deletes them). */
export async function startChecksOfFile(fileId: string): Promise<string[]> {
  const periods = (await listStages(fileId)).flatMap((s) => (s.period ? [s.period] : []));
  const failed: string[] = [];
  await mapLimit(periods, 4, async (p) => {
    try {
      await startContentChecks({ periodId: p._id, attempt: '' }, nameOf('publish', fileId, p._id));
    } catch (e) {
      // The brand's Suggestions say so (with "Check again"; a later try that starts it clears it), the publication stands.
      await markStartFailed(p._id, p.brand, p.retailer, (e as Error).message);
      failed.push(`${p._id}: ${(e as Error).message}`);
    }
  });
  if (failed.length) throw new Error(`The content checks of ${failed.length} period(s) did not start: ${failed.join('; ')}`);
  return periods.map((p) => p._id);
}

/** A new catalogue (or settings) version: every retailer's latest period of the brand is checked again. */
export async function recheckBrand(brand: string, cause: string): Promise<number> {
  const periods = [...(await listBrandRows(brand)).values()].flatMap((r) => (r.info?.periodId ? [r.info.periodId] : []));
  await mapLimit(periods, 4, (periodId) => startContentChecks({ periodId, attempt: '' }, nameOf('recheck', brand, cause, periodId)));
  return periods.length;
}

/** "Check again": a new run of the period whatever was checked before. */
export async function checkPeriodAgain(periodId: string, at: string): Promise<void> {
  await startContentChecks({ periodId, attempt: at }, nameOf('again', periodId, at));
}
