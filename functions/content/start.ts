/**
 * What starts the content checks: a product file's publication (each period it published), a new
 * catalogue version (each retailer's latest period of the brand), a person's "Check again". The
 * execution's name is the cause, so a retried event starts it once.
 */
import { createHash } from 'node:crypto';
import { listBrandRows, listStages } from '../scrapings';
import { mapLimit } from '../lib/map-limit';
import { startContentChecks } from '../lib/workflow';

const nameOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 40);

/** The periods a published product file wrote (its stage records, read before cleanup deletes them). */
export async function startChecksOfFile(fileId: string): Promise<string[]> {
  const periods = (await listStages(fileId)).flatMap((s) => (s.period ? [s.period._id] : []));
  await mapLimit(periods, 4, (periodId) => startContentChecks({ periodId, attempt: '' }, nameOf('publish', fileId, periodId)));
  return periods;
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
