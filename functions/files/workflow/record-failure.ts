import { PO_MSG } from '../../../shared/messages';
import { logger } from '../../lib/logger';
import { releaseApproval } from '../files.repo';
import { taskBody } from './errors';

interface FailureInput {
  fileId: string;
  claim: string;
  error?: { Error?: string; Cause?: string };
}

/** The reason shown to the admin: the task's own message when it has one. */
export function failureReason(error: FailureInput['error']): string {
  const cause = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    if (parsed.errorMessage) return parsed.errorMessage;
  } catch {
    /* not JSON */
  }
  return cause || error?.Error || PO_MSG.notProcessed;
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
