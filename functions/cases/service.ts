/**
 * Applying a case's steps (./domain/case.ts) with their writes (./cases.repo.ts):
 * - `caseWritesFor`: the writes of one step, for the caller's own transaction (the flag's product
 *   write): read the case, decide, return the items; the caller's retry loop reads it again when
 *   the transaction was cancelled on the case's condition.
 * - `notifyCases`: an email to the retailer about these cases, each in its own small transaction,
 *   retried on a concurrent change; the same email again (a retried send) writes the same event.
 */
import { transactIf, type TransactItem } from '../lib/table';
import { getCase, hasEvent, latestTrendDate, stepWrites } from './cases.repo';
import { emailedStep, type Actor, type CaseRecord, type Step } from './domain/case';

export async function caseWritesFor(caseId: string, decide: (current: CaseRecord | undefined) => Step | undefined | Promise<Step | undefined>): Promise<TransactItem[]> {
  const step = await decide(await getCase(caseId));
  return step ? stepWritesWithTrend(step) : [];
}

/** A step's writes with the move of the retailer's latest trend point (one read: its date). */
export async function stepWritesWithTrend(step: Step): Promise<TransactItem[]> {
  return stepWrites(step, await latestTrendDate(step.after.brand, step.after.retailer));
}

/** Marks the open cases an email named as notified and logs the email on each (active cases only). */
export async function notifyCases(caseIds: readonly string[], e: { historyId: string; to: readonly string[]; at: string; by: Actor | null; second?: boolean }): Promise<number> {
  let notified = 0;
  for (const id of new Set(caseIds)) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const current = await getCase(id);
      // A retried send: its event is there already, nothing moves twice.
      if (current && (await hasEvent(id, e.at, 'emailed', e.historyId))) break;
      const step = emailedStep(current, e);
      if (!step) break;
      if (await transactIf(await stepWritesWithTrend(step))) {
        notified++;
        break;
      }
    }
  }
  return notified;
}
