import { FILE_MSG, PO_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/files';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { claimAndStartApproval } from './approval-claim';
import { getFile } from './files.repo';

/** How long the call waits for the workflow before answering that it is still running. */
const WAIT_MS = 25_000;

/**
 * Approve: claim the file (pending, readable, no live approval; a Needs Attention or another
 * Approve that got there first answers 409 with what happened), start the approval state machine
 * and wait for its outcome (API Gateway allows 30 s). Answers `{ success, message }`; a failure's
 * reason is the one recorded on the file.
 */
export const handler = httpHandler(route('approveFile'), async ({ query }) => {
  const file = await getFile(query._id);
  if (!file) throw new NotFoundError(FILE_MSG.fileNotFound);
  if (file.error) return { success: false, message: `The file cannot be processed: ${file.error}` };
  const started = await claimAndStartApproval(file._id, WAIT_MS);
  if (!started.claimed) throw new ConflictError(started.message);
  const { outcome } = started;
  if (outcome.status === 'SUCCEEDED') return { success: true, message: PO_MSG.processed };
  if (outcome.status === 'RUNNING') return { success: true, message: FILE_MSG.processing };
  const after = await getFile(file._id);
  if (after?.approvedStatus === 'approved') return { success: true, message: PO_MSG.processed };
  return { success: false, message: after?.processingError ?? outcome.error ?? PO_MSG.notProcessed };
});
