import { FILE_MSG, PO_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/files';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { lostMessage, staleBefore } from './approval-claim';
import { getFile, rejectFile } from './files.repo';
import { toFileView } from './present';

/**
 * Needs Attention: a pending file becomes rejected and never reaches the brand. Not while an
 * approval holds the file (409 'The file is being approved.'); an unreadable file may be marked
 * too, so it leaves the queue.
 */
export const handler = httpHandler(route('markNeedsAttention'), async ({ body }) => {
  const file = await getFile(body._id);
  if (!file) throw new NotFoundError(FILE_MSG.fileNotFound);
  const rejectedAt = new Date().toISOString();
  if (!(await rejectFile(file, rejectedAt, staleBefore()))) throw new ConflictError(await lostMessage(file._id));
  return { success: true, message: PO_MSG.rejected, data: toFileView({ ...file, approvedStatus: 'rejected', rejectedAt }) };
});
