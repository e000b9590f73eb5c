import { taskBody, TransientError } from '../../files';
import { logger } from '../../lib/logger';
import { refreshBrandRow } from '../../scrapings';
import { deleteRun, finishRun, getRun } from '../content.repo';

/**
 * FinishChecks: once every chunk has added its figures, the run becomes the period's shown one
 * (one write), the retailer's row takes its counts, and the run it replaced is deleted.
 */
export const handler = (input: { runId: string | null }) =>
  taskBody(async () => {
    if (!input.runId) return { shown: false };
    logger.setContext({ fn: 'checks', state: 'FinishChecks', runId: input.runId });
    const run = await getRun(input.runId);
    if (!run) throw new Error(`Content run ${input.runId} does not exist.`);
    // A chunk's figures are added in its own transaction: all of them before the run is shown.
    if (run.chunksDone < run.chunks) throw new TransientError(`Only ${run.chunksDone} of ${run.chunks} chunks of run ${run.runId} are recorded.`);
    const out = await finishRun(run);
    await refreshBrandRow(run.brand, run.retailer);
    if (out.replaced) await deleteRun(out.replaced);
    logger.info('content checks finished', { periodId: run.periodId, checked: run.checked, open: run.open, shown: out.shown });
    return { shown: out.shown, checked: run.checked, open: run.open };
  });
