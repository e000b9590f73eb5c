/**
 * What both public forms share (docs/decisions.md "Public forms"): the configured inboxes, the
 * limits per address and per email, and "store and send once per request id".
 */
import { PUBLIC_MSG } from '../../shared/messages/public';
import { takeFormRequest, type Window } from '../auth';
import { ConflictError, TooManyRequestsError } from '../lib/http/errors';
import { claimSubmission, getSubmission, markSubmissionSent, releaseSubmission, type NewSubmission, type Submission, type SubmissionKind } from './submissions.repo';

/** Submissions let through per window: per source address and per email typed in the form. */
export const FORM_LIMITS: Record<SubmissionKind, { ip: Window; email: Window }> = {
  DEMO: { ip: { max: 10, seconds: 3600 }, email: { max: 3, seconds: 24 * 3600 } },
  BUGREPORT: { ip: { max: 10, seconds: 3600 }, email: { max: 5, seconds: 3600 } },
};

/** The inbox a form's email goes to (configuration; locally the emulator keeps it). */
export function inboxOf(kind: SubmissionKind): string {
  const name = kind === 'DEMO' ? 'SALES_INBOX' : 'SUPPORT_INBOX';
  const v = process.env[name]?.trim();
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

/** 429 when this address or this email has used up its submissions. */
export async function limitForm(kind: SubmissionKind, ip: string, email: string): Promise<void> {
  const l = FORM_LIMITS[kind];
  if (!(await takeFormRequest(kind, { ip }, l.ip)) || !(await takeFormRequest(kind, { email: email.toLowerCase() }, l.email))) {
    throw new TooManyRequestsError(PUBLIC_MSG.throttled);
  }
}

/** The answer to a request id seen before: its stored result when it is this client's retry, else a 409. */
export function answerSeen(existing: Submission, fingerprint: string): { done: true; id: string } {
  if (existing.fingerprint !== fingerprint) throw new ConflictError(PUBLIC_MSG.requestIdReused);
  if (existing.status !== 'sent') throw new ConflictError(PUBLIC_MSG.inProgress);
  return { done: true, id: existing._id };
}

/**
 * Store the submission (claim) and send its email once: `before` runs only for a new request id
 * (limits, captcha, uploads), after the check for a retry; a failed send releases the claim.
 */
export async function submitOnce(
  kind: SubmissionKind,
  record: NewSubmission,
  steps: { before: () => Promise<Record<string, unknown> | void>; send: (extra: Record<string, unknown>) => Promise<string | null> },
): Promise<{ id: string; retry: boolean }> {
  const seen = await getSubmission(kind, record._id);
  if (seen) return { id: answerSeen(seen, record.fingerprint).id, retry: true };
  const extra = (await steps.before()) ?? {};
  if (!(await claimSubmission(kind, { ...record, ...extra }))) {
    const now = await getSubmission(kind, record._id);
    if (!now) throw new ConflictError(PUBLIC_MSG.inProgress);
    return { id: answerSeen(now, record.fingerprint).id, retry: true };
  }
  let messageId: string | null;
  try {
    messageId = await steps.send(extra);
  } catch (e) {
    await releaseSubmission(kind, record._id);
    throw e;
  }
  await markSubmissionSent(kind, record._id, messageId);
  return { id: record._id, retry: false };
}
