import { getCurrentCatalog } from '../../catalog';
import { taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { getPeriod } from '../../scrapings';
import { beginRun, getContentSettings, markNoCatalog, runIdOf } from '../content.repo';
import { planChunks, type Chunk } from './chunks';

export interface ChecksInput {
  periodId: string;
  /** Set to check again what was checked already (a person's "Check again"): a new run. */
  attempt?: string;
}

/**
 * PlanChecks: the period's published version, the brand's current catalogue and settings make the
 * run (the same three: the same run, so a retried start repeats it); its chunks go to the Map.
 * Nothing to check (no catalogue, the period unpublished or gone): no chunk, no run.
 */
export const handler = (input: ChecksInput) =>
  taskBody(async (): Promise<{ runId: string | null; chunks: Chunk[] }> => {
    logger.setContext({ fn: 'checks', state: 'PlanChecks', periodId: input.periodId });
    const period = await getPeriod(input.periodId);
    if (!period?.version) return { runId: null, chunks: [] };
    const [catalog, { rev }] = await Promise.all([getCurrentCatalog(period.brand), getContentSettings(period.brand)]);
    if (!catalog) {
      await markNoCatalog(period._id, period.brand, period.retailer);
      return { runId: null, chunks: [] };
    }
    const runId = runIdOf(period._id, period.version, catalog.version, rev, input.attempt ?? '');
    const chunks = planChunks(period.totalProducts);
    await beginRun({ runId, periodId: period._id, brand: period.brand, retailer: period.retailer, date: period.date, version: period.version, catalogVersion: catalog.version, chunks: chunks.length, startedAt: new Date().toISOString() });
    return { runId, chunks };
  });
