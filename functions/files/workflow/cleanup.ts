import { logger } from '../../lib/logger';
import { cleanupFile } from '../../scrapings';
import { taskBody } from './errors';

/**
 * Cleanup (after Publish): the superseded version of each re-applied period is removed (edits
 * made on it since staging carried to the published one) and the stage records deleted. What it
 * leaves when stopped is invisible to brands; a run again finishes it.
 */
export const handler = (input: { fileId: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'Cleanup', fileId: input.fileId });
    return cleanupFile(input.fileId);
  });
