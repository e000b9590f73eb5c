/** Failed deliveries (docs/operations.md): the post office's list and its Retry (ours, not the spec's). */
import * as z from 'zod';
import { paging } from './common';

/** GET /failedDeliveries */
export const listFailuresQuery = z.object({
  limit: paging.limit.default(25),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
/** A failed delivery's id: 'd' and 21 base64url characters of a hash (functions/operations/domain/failures.ts). */
export const failureIdPath = z.object({ id: z.string().regex(/^d[\w-]{21}$/, 'Invalid id.') });

export const failureView = z.object({
  id: z.string(),
  /** ingest, basket-export, tab-export, permissions-export, contacts-export, case-activity-export, scheduled-report or unknown. */
  source: z.string(),
  /** What failed, for people: the robot file's key (one per line), or the job and its time. */
  subject: z.string(),
  reason: z.string(),
  tries: z.number(),
  failures: z.number(),
  status: z.enum(['open', 'redriving', 'resolved']),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  redrivenAt: z.string().nullable(),
  redrivenBy: z.string().nullable(),
  /** False when the event was too large to keep: it cannot be sent again from here. */
  canRetry: z.boolean(),
});
export type FailureView = z.infer<typeof failureView>;

/** GET /failedDeliveries: open and retrying deliveries, newest failure first; the open count kept on write. */
export const listFailuresResponse = z.object({ data: z.array(failureView), totalCount: z.number(), nextCursor: z.string().nullable() });
/** POST /failedDeliveries/{id}/redrive */
export const redriveFailureResponse = z.object({ message: z.string(), failure: failureView });
