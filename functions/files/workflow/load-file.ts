import { logger } from '../../lib/logger';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

/** LoadFile: the file must exist, be readable and be pending. */
export const handler = (input: { fileId: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'LoadFile', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.error) throw new NotApprovableError(`The file cannot be processed: ${file.error}`);
    if (file.approvedStatus === 'approved') throw new NotApprovableError('The file is already approved.');
    if (file.approvedStatus === 'rejected') throw new NotApprovableError('The file was marked Needs Attention; it cannot be approved.');
    return { _id: file._id, type: file.type, retailer: file.retailer, date: file.date, rowCount: file.rowCount };
  });
