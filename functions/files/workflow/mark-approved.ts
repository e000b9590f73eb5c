import { NotApprovableError, taskBody } from './errors';
import { updateFile } from '../files.repo';

/** MarkApproved: pending → approved (only from pending), the failure reason of an earlier try cleared. */
export const handler = (input: { fileId: string }) =>
  taskBody(async () => {
    const approvedAt = new Date().toISOString();
    const ok = await updateFile(input.fileId, { approvedStatus: 'approved', approvedAt }, { remove: ['processingError'], ifStatus: 'pending' });
    if (!ok) throw new NotApprovableError('The file is no longer pending.');
    return { approvedAt };
  });
