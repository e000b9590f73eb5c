import { route } from '../../shared/routes';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../lib/http/handler';
import { getFile, updateFile } from './files.repo';
import { toFileView } from './present';

/** Needs Attention: a pending file becomes rejected; it never reaches the brand. */
export const handler = httpHandler(route('markNeedsAttention'), async ({ body }) => {
  const file = await getFile(body._id);
  if (!file) throw new NotFoundError('File not found.');
  const ok = await updateFile(file._id, { approvedStatus: 'rejected', rejectedAt: new Date().toISOString() }, { ifStatus: 'pending' });
  if (!ok) throw new ConflictError(`The file is already ${file.approvedStatus}.`);
  return { success: true, message: 'Approved Status Rejected.', data: toFileView({ ...file, approvedStatus: 'rejected' }) };
});
