import { logger } from '../../lib/logger';
import { applyBrandFile, applyHomepageFile, applyProductFile } from '../../scrapings/apply';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

/**
 * ApplyToPeriod: a product file becomes the products of its scan period (per brand carrying the
 * retailer, with added / deleted / change); brand and homepage files update the retailer's
 * brand-page details. Idempotent, so a retry after a partial write ends in the same state.
 */
export const handler = (input: { fileId: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'ApplyToPeriod', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.type === 'product') return { type: file.type, ...(await applyProductFile(file)) };
    if (file.type === 'brand') return { type: file.type, ...(await applyBrandFile(file)) };
    return { type: file.type, ...(await applyHomepageFile(file)) };
  });
