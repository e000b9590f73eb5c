import type { FailureView } from '../../shared/schemas/operations';
import type { FailureRecord } from './failures.repo';

/** A failed delivery as the post office shows it (no payload, no ARNs). */
export const toFailureView = (f: FailureRecord): FailureView => ({
  id: f.id,
  source: f.source,
  subject: f.subject,
  reason: f.reason,
  tries: f.tries,
  failures: f.failures,
  status: f.status,
  firstFailedAt: f.firstFailedAt,
  lastFailedAt: f.lastFailedAt,
  redrivenAt: f.redrivenAt ?? null,
  redrivenBy: f.redrivenBy ?? null,
  canRetry: f.payload !== undefined && !!f.targetArn,
});
