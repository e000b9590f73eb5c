/**
 * Approve and Needs Attention exclude each other: an approval first claims the file (pending, no
 * live claim), then starts the state machine with the claim; only the claiming execution can
 * publish the file, and Needs Attention needs a pending file with no live claim. A claim older
 * than the state machine's total timeout is stale (Step Functions has ended that execution), so a
 * stopped execution never blocks the file for ever. docs/data-model-scrapings.md "Approval".
 */
import { FILE_MSG } from '../../shared/messages';
import { startApproval, type ApprovalOutcome } from '../lib/workflow';
import { claimApproval, getFile, releaseApproval, type ApprovalClaim } from './files.repo';

import { APPROVAL_TIMEOUT_SECONDS } from './workflow/limits';

/** Claims taken before this time are stale. */
export const staleBefore = (now = Date.now()): string => new Date(now - APPROVAL_TIMEOUT_SECONDS * 1000).toISOString();

/** A new claim; its id is also the execution's name (unique per start). */
export const newClaim = (fileId: string, now = Date.now()): ApprovalClaim => ({ id: `${fileId}-${now}-${Math.random().toString(36).slice(2, 8)}`, at: new Date(now).toISOString() });

/** Why a claim or a Needs Attention lost: what the file's state says now. */
export async function lostMessage(fileId: string): Promise<string> {
  const file = await getFile(fileId);
  if (file?.approvedStatus === 'approved') return FILE_MSG.alreadyApproved;
  if (file?.approvedStatus === 'rejected') return FILE_MSG.markedNeedsAttention;
  if (file?.error) return FILE_MSG.unreadable;
  return FILE_MSG.beingApproved;
}

export type ClaimedStart = { claimed: false; message: string } | { claimed: true; claim: ApprovalClaim; outcome: ApprovalOutcome };

/**
 * Claim the file and start its approval (waiting up to `waitMs`). A start that throws releases
 * the claim (with the reason on the file) so the file can be approved again at once.
 */
export async function claimAndStartApproval(fileId: string, waitMs = 0): Promise<ClaimedStart> {
  const claim = newClaim(fileId);
  if (!(await claimApproval(fileId, claim, staleBefore()))) return { claimed: false, message: await lostMessage(fileId) };
  try {
    return { claimed: true, claim, outcome: await startApproval({ fileId, claim: claim.id }, waitMs) };
  } catch (e) {
    await releaseApproval(fileId, claim.id, 'The approval could not be started; please try again.');
    throw e;
  }
}
