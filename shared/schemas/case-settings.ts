/**
 * A brand's case settings (issue 24 §4; ours): the price tolerance under which a difference to the
 * on-hand price is in sync (the Price Issues and In Price Sync tabs, and a scan's auto-resolve,
 * read it), the days after which a notified case with no answer is overdue, and the escalation of
 * overdue cases: a second notice drafted for the brand to send, or sent by the daily check.
 * GET /caseSettings/{brandId} (the brand's users), PUT (BRAND_ADMIN of the brand or ADMIN).
 */
import * as z from 'zod';
import { CASE_SETTINGS_MSG as M } from '../messages/case-settings';
import { id } from './common';

export { EXACT_PRICES, priceInSync, type PriceTolerance } from '../price-sync';

export const ESCALATIONS = ['off', 'draft', 'send'] as const;
export type Escalation = (typeof ESCALATIONS)[number];

export const CASE_SETTINGS_LIMITS = { maxPercent: 50, maxAmount: 100_000, minOverdueDays: 1, maxOverdueDays: 365 } as const;

export const caseSettingsSchema = z.object({
  brand: z.string(),
  /** A difference up to this share of the on-hand price is in sync (0: none). */
  tolerancePercent: z.number(),
  /** A difference up to this amount is in sync (0: none). The larger of the two applies. */
  toleranceAmount: z.number(),
  overdueDays: z.number(),
  escalation: z.enum(ESCALATIONS),
  /** The canned message a second notice starts with (null: the built-in text). */
  escalationMessageId: z.string().nullable(),
  /** Bumped by each save; sent back with the next one (a stale screen: 409). */
  rev: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CaseSettings = z.infer<typeof caseSettingsSchema>;

/** What a brand that never saved its settings has: exact prices (the spec's tabs), overdue after 14 days, no escalation. */
export const defaultCaseSettings = (brand: string): CaseSettings => ({
  brand,
  tolerancePercent: 0,
  toleranceAmount: 0,
  overdueDays: 14,
  escalation: 'off',
  escalationMessageId: null,
  rev: 0,
  updatedAt: null,
  updatedBy: null,
});

export const caseSettingsPath = z.object({ brandId: id });

const decimal = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message);

export const updateCaseSettingsBody = z
  .strictObject(
    {
      tolerancePercent: decimal(CASE_SETTINGS_LIMITS.maxPercent, M.percentInvalid),
      toleranceAmount: decimal(CASE_SETTINGS_LIMITS.maxAmount, M.amountInvalid),
      overdueDays: z.number({ error: M.overdueInvalid }).int(M.overdueInvalid).min(CASE_SETTINGS_LIMITS.minOverdueDays, M.overdueInvalid).max(CASE_SETTINGS_LIMITS.maxOverdueDays, M.overdueInvalid),
      escalation: z.enum(ESCALATIONS, { error: M.escalationInvalid }),
      escalationMessageId: id.nullable().default(null),
      rev: z.number({ error: M.revInvalid }).int(M.revInvalid).min(0, M.revInvalid),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? M.unknownField(i.keys[0] ?? '') : M.bodyInvalid) },
  );
export type UpdateCaseSettingsBody = z.output<typeof updateCaseSettingsBody>;

export const caseSettingsResponse = z.object({ data: caseSettingsSchema });
export const updateCaseSettingsResponse = z.object({ message: z.string(), data: caseSettingsSchema });

// ── The second notice of a retailer's overdue cases ──────────────────────────────────────────────

export const secondNoticePath = z.object({ brandId: id, retailerId: id });
export const secondNoticeSchema = z.object({
  /** The overdue cases it names (notified more than `overdueDays` days ago, no answer), the oldest notice first. */
  cases: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(['product', 'profile']),
      style_number: z.string(),
      name: z.string(),
      severity: z.enum(['high', 'medium', 'low']),
      notifiedAt: z.string(),
      secondNoticeAt: z.string().nullable(),
    }),
  ),
  /** The retailer's contacts of the brand (the Address Book). */
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** The body as it will be sent, without the link to the open cases (issued when sent). */
  html: z.string(),
  overdueDays: z.number(),
});
export type SecondNotice = z.infer<typeof secondNoticeSchema>;
export const secondNoticeResponse = z.object({ data: secondNoticeSchema });
/** POST: `requestId` (the form's, kept for its retries) makes a retried send the same send. */
export const sendSecondNoticeBody = z.strictObject({ requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8 to 64 letters, digits, - or _.') });
export const sendSecondNoticeResponse = z.object({ message: z.string(), data: z.object({ _id: z.string(), cases: z.number(), to: z.array(z.string()) }) });
