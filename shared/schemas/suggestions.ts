/**
 * A retailer's Suggestions (issue 38 §3; ours): the content checks' findings of a scan period, a
 * page at a time by status, and the two decisions (Flag, Dismiss) and "Check again".
 */
import * as z from 'zod';
import { FINDING_KINDS } from '../content';
import { SUGGESTIONS_MSG as M } from '../messages/suggestions';
import { id } from './common';

export const SUGGESTION_STATUSES = ['open', 'flagged', 'dismissed'] as const;
export const suggestionsPath = z.object({ brandId: id, periodId: id });
/** A suggestion id: the run's id and the suggestion's key (22 + 22 base64url characters). */
export const suggestionPath = z.object({ brandId: id, periodId: id, suggestionId: z.string().regex(/^[A-Za-z0-9_-]{44}$/, M.notFound) });

export const suggestionsQuery = z.object({
  status: z.enum(SUGGESTION_STATUSES, { error: 'status is open, flagged or dismissed.' }).default('open'),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit is at least 1.').max(100, 'limit is at most 100.').default(25),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

export const dismissSuggestionBody = z.object({ reason: z.string({ error: M.dismissReasonRequired }).trim().min(1, M.dismissReasonRequired).max(500, 'Too Long!') });
export const flagSuggestionBody = z.object({ message: z.string({ error: 'message must be text.' }).max(1000, 'The message is at most 1000 characters.').optional() });

const findingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  styleNumber: z.string(),
  confidence: z.number(),
  reason: z.object({ name: z.string(), value: z.string() }),
  retailerValue: z.string(),
  brandValue: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  contentKey: z.string(),
});
export const suggestionSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  finding: findingSchema,
  status: z.enum(SUGGESTION_STATUSES),
  decidedBy: z.string().optional(),
  decidedAt: z.string().optional(),
  dismissReason: z.string().optional(),
});
export type SuggestionView = z.output<typeof suggestionSchema>;

export const contentStateSchema = z.object({
  status: z.enum(['not-checked', 'running', 'done', 'failed', 'no-catalog']),
  error: z.string().optional(),
  checkedAt: z.string().nullable(),
  counts: z.object({ checked: z.number().int(), withFindings: z.number().int(), open: z.number().int(), flagged: z.number().int(), dismissed: z.number().int() }).nullable(),
});
export const suggestionsResponse = z.object({ state: contentStateSchema, data: z.array(suggestionSchema), nextCursor: z.string().nullable() });
export const decideSuggestionResponse = z.object({ message: z.string(), data: suggestionSchema });
export const checkAgainResponse = z.object({ message: z.string() });
