import { logger } from '../../lib/logger';
import { stageBrandFile, stageHomepageFile, stageProductFile } from '../../scrapings/apply';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

/**
 * StageFile: a product file's products of its scan period (per brand carrying the retailer, with
 * added / deleted / change) are written under the file's own version, invisible to brands; brand
 * and homepage files stage the retailer's brand-page details. Each brand gets a stage record of
 * what Publish makes visible. Idempotent, so a retry after a partial write ends in the same state.
 */
export const handler = (input: { fileId: string; claim: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'StageFile', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.type === 'product') return { type: file.type, ...(await stageProductFile(file)) };
    if (file.type === 'brand') return { type: file.type, ...(await stageBrandFile(file)) };
    return { type: file.type, ...(await stageHomepageFile(file)) };
  });
