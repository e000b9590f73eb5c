import { logger } from '../../lib/logger';
import { updateFile } from '../files.repo';
import { taskBody } from './errors';

interface FailureInput {
  fileId: string;
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
  return cause || error?.Error || 'File not processed!';
}

/** RecordFailure: the file stays pending, with the reason recorded and shown. */
export const handler = (input: FailureInput) =>
  taskBody(async () => {
    const reason = failureReason(input.error);
    logger.warn('approval failed', { fileId: input.fileId, reason });
    await updateFile(input.fileId, { processingError: reason }, { ifStatus: 'pending' });
    return { reason };
  });
