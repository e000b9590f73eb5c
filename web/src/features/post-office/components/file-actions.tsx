/**
 * Approve / Needs Attention (001 §4): shown only for a pending file flagged require_review; a
 * file that could not be read offers Needs Attention alone (so it can leave the queue; it can
 * never be approved); any other file shows its status as a label. Both buttons are disabled on
 * click; Approve is enabled again when the approval fails.
 */
import { useState } from 'react';
import { APPROVE_FAILURE_TOAST_MS } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useApproveFile } from '../api/approve-file';
import { useMarkNeedsAttention } from '../api/mark-needs-attention';
import { STATUS_LABELS } from '../labels';
import { PO_MSG } from '../messages';
import type { PoFile } from '../types';
import '../post-office.css';

export const canReview = (f: PoFile) => f.approvedStatus === 'pending' && f.flag === 'require_review' && !f.error;
/** Needs Attention: any pending file waiting for a person, readable or not. */
export const canMarkNeedsAttention = (f: PoFile) => f.approvedStatus === 'pending' && (f.flag === 'require_review' || !!f.error);

const failureText = (body: unknown): string => {
  const m = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof m === 'string' && m.trim() ? m : PO_MSG.notProcessed;
};

export function FileActions({ file }: { file: PoFile }) {
  const [approveOff, setApproveOff] = useState(false);
  const [rejectOff, setRejectOff] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const { trigger: approveTrigger } = useApproveFile();
  const { trigger: rejectTrigger } = useMarkNeedsAttention();

  if (!canMarkNeedsAttention(file)) {
    return (
      <div className="po-actions">
        <span className="po-actions__label">Status</span>
        <span className={`po-status po-status--${file.approvedStatus} po-status--lg`} data-testid="file-status">
          {STATUS_LABELS[file.approvedStatus]}
        </span>
      </div>
    );
  }

  const approve = async () => {
    setApproveOff(true);
    setRejectOff(true);
    setBusy('approve');
    try {
      const { result: res, file: after } = await approveTrigger(file._id);
      if (res.success) {
        // Decided by the file's status: a long run answers success while the file is still pending.
        if (after?.approvedStatus === 'approved') notify.success(PO_MSG.processed);
        else notify.info(res.message);
      } else {
        notify.warning(res.message || PO_MSG.notProcessed, { autoClose: APPROVE_FAILURE_TOAST_MS });
        setApproveOff(false);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status !== 401) notify.warning(failureText(e.body), { autoClose: APPROVE_FAILURE_TOAST_MS });
      else handleError(e);
      setApproveOff(false);
    } finally {
      setBusy(null);
    }
  };

  const reject = async () => {
    setApproveOff(true);
    setRejectOff(true);
    setBusy('reject');
    try {
      const res = await rejectTrigger(file._id);
      notify.success(res.message || PO_MSG.rejected);
    } catch (e) {
      handleError(e);
      setApproveOff(false);
      setRejectOff(false);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="po-actions">
      {canReview(file) ? (
        <Button variant="approve" disabled={approveOff} busy={busy === 'approve'} onClick={() => void approve()}>
          Approve
        </Button>
      ) : null}
      <Button variant="attention" disabled={rejectOff} busy={busy === 'reject'} onClick={() => void reject()}>
        Needs Attention
      </Button>
      {busy === 'approve' ? (
        <span className="po-actions__hint" role="status">
          Processing the file…
        </span>
      ) : null}
    </div>
  );
}
