import { failureReason, taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { failRun } from '../content.repo';

/** RecordCheckFailure: the reason on the period's content state (the shown run stays); the execution then fails (its alarm). */
export const handler = (input: { periodId: string; plan?: { runId?: string | null }; error?: { Error?: string; Cause?: string } }) =>
  taskBody(async () => {
    const reason = failureReason(input.error);
    logger.warn('content checks failed', { periodId: input.periodId, reason });
    if (input.plan?.runId) await failRun(input.periodId, input.plan.runId, reason);
    return { reason };
  });
