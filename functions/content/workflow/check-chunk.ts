import { taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { checkChunk } from '../check-chunk';
import type { Chunk } from './chunks';

/** CheckChunk (one Map iteration): the chunk's products checked and their suggestions stored; a retry adds its figures once. */
export const handler = (input: { runId: string; chunk: Chunk }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'checks', state: 'CheckChunk', runId: input.runId, chunk: input.chunk.n });
    const out = await checkChunk(input.runId, input.chunk);
    logger.info('content chunk checked', out);
    return out;
  });
