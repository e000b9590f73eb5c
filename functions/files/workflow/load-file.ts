import { logger } from '../../lib/logger';
import { lostMessage } from '../approval-claim';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

/** LoadFile: the file must exist, be readable, be pending, and hold this execution's claim. */
export const handler = (input: { fileId: string; claim: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'LoadFile', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.error) throw new NotApprovableError(`The file cannot be processed: ${file.error}`);
    if (file.approvedStatus !== 'pending' || file.approvalClaim?.id !== input.claim) throw new NotApprovableError(await lostMessage(file._id));
    return { _id: file._id, type: file.type, retailer: file.retailer, date: file.date, rowCount: file.rowCount };
  });
