import { logger } from '../../lib/logger';
import { releaseApproval } from '../files.repo';
import { failureReason, taskBody } from './errors';

/** Moved to ./errors (the reports' failure task reads it too, without this module's repo). */
export { failureReason };

interface FailureInput {
  fileId: string;
  claim: string;
  error?: { Error?: string; Cause?: string };
}

/**
 * RecordFailure: the file stays pending, with the reason recorded and shown, and the claim is
 * released so an admin can approve again or mark it Needs Attention (only this execution's claim:
 * a file another outcome took is left as it is).
 */
export const handler = (input: FailureInput) =>
  taskBody(async () => {
    const reason = failureReason(input.error);
    logger.warn('approval failed', { fileId: input.fileId, reason });
    await releaseApproval(input.fileId, input.claim, reason);
    return { reason };
  });
