import { updateScanInfo } from '../../scrapings/apply';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

type Applied = Parameters<typeof updateScanInfo>[1];

/** UpdateScanInfo: totals, previous totals, approved date and next scan of the retailer (product files). */
export const handler = (input: { fileId: string; applied: Applied & { type: string } }) =>
  taskBody(async () => {
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.type !== 'product') return { updated: false };
    await updateScanInfo(file, input.applied);
    return { updated: true };
  });
