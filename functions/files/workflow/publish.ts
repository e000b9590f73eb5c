import { logger } from '../../lib/logger';
import { settleDecidedFile } from '../../robot-health';
import { publishFile, settleCasesOfFile } from '../../scrapings';
import { lostMessage } from '../approval-claim';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';
import { record } from '../../lib/metrics';

/**
 * Publish: in one transaction, each brand's period points at the staged version, the scan info
 * takes the file's figures and the file becomes approved, only while this execution holds the
 * file's claim. A retry after a publication whose answer was lost finds the file approved by
 * this claim and succeeds. Then the cases the new scan shows fixed close themselves (issue 24),
 * on the first run and on a retry alike (a closed case has nothing left to do).
 */
export const handler = (input: { fileId: string; claim: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'Publish', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    if (file.approvedStatus === 'approved' && file.approvedBy === input.claim) {
      if (file.type === 'product' || file.type === 'brand') await settle(file._id);
      await settleDecidedFile(file);
      return { approvedAt: file.approvedAt };
    }
    if (file.approvedStatus !== 'pending' || file.approvalClaim?.id !== input.claim) throw new NotApprovableError(await lostMessage(file._id));
    const out = await publishFile(file, input.claim);
    if (!out.published) throw new NotApprovableError(await lostMessage(file._id));
    record('ApprovalsPublished', 1);
    if (file.approvalClaim) record('ApprovalDurationSeconds', (Date.parse(out.approvedAt) - Date.parse(file.approvalClaim.at)) / 1000);
    if (file.type === 'product') record('RowsStaged', file.rowCount);
    if (file.type === 'product' || file.type === 'brand') await settle(file._id);
    // The robot's file is no longer held in the post office (robot health, issue 25).
    await settleDecidedFile(file);
    return { approvedAt: out.approvedAt, outdated: out.outdated };
  });

async function settle(fileId: string): Promise<void> {
  const n = await settleCasesOfFile(fileId);
  if (n.closed || n.reopened) logger.info('cases settled by the scan', n);
}
