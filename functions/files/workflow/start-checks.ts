import { startChecksOfFile } from '../../content';
import { logger } from '../../lib/logger';
import { taskBody } from './errors';

/**
 * StartChecks (after Publish, before Cleanup deletes the stage records): the content checks of
 * each period the file published start. Its failure does not undo the approval: the state's
 * Catch goes on to Cleanup, and the checks can be run again from the retailer's Suggestions.
 */
export const handler = (input: { fileId: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'StartChecks', fileId: input.fileId });
    const periods = await startChecksOfFile(input.fileId);
    return { periods: periods.length };
  });
