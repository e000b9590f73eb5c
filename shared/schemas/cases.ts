/**
 * Cases (issue 24; docs/decisions/40-cases.md): a flag of a product (by style number) or of a
 * retailer's brand profile is a case with a lifecycle (open → notified → acknowledged → resolved),
 * the evidence kept when it opened, and an activity log. Ours, not the spec's.
 */
import * as z from 'zod';
import { id, paging } from './common';

export const CASE_STATUSES = ['open', 'notified', 'acknowledged', 'resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** How a case was resolved: the retailer fixed it (a brand user says so), the next approved scan shows it fixed, or dismissed with a reason. */
export const CASE_RESOLUTIONS = ['retailer_fixed', 'scan_fixed', 'dismissed'] as const;
export type CaseResolution = (typeof CASE_RESOLUTIONS)[number];
export const CASE_SEVERITIES = ['high', 'medium', 'low'] as const;
export type CaseSeverity = (typeof CASE_SEVERITIES)[number];
/** What the activity log records. */
export const CASE_EVENT_KINDS = ['flagged', 'reflagged', 'emailed', 'escalated', 'acknowledged', 'retailer_note', 'unflagged', 'resolved', 'auto_resolved', 'reopened'] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

import { CASE_LINK, CASE_MSG } from '../messages/cases';
import { b2bLinkIdPath, b2bLinkSchema } from './b2b';
export { CASE_LINK, CASE_MSG };

/** A case id: 'c' and 21 base64url characters of a hash of brand, retailer and subject (functions/cases/domain/case.ts). */
export const caseIdPath = z.object({ caseId: z.string().regex(/^c[\w-]{21}$/, 'Invalid id.') });
export const casesPath = z.object({ brandId: id, retailerId: id });

const cursor = z.string().max(4096, 'The page cursor is not valid for this list.').optional();

/** GET /cases/{brandId}/{retailerId}: the active cases, worst first, or the resolved ones, latest first. */
export const listCasesQuery = z.object({
  status: z.enum(['active', 'resolved'], { error: 'status is active or resolved.' }).default('active'),
  limit: paging.limit.default(25),
  cursor,
});

/** GET /caseActivity/{brandId}/{retailerId}: the retailer's log, newest first; one kind of event with `kind`. */
export const caseActivityQuery = z.object({
  kind: z.enum(CASE_EVENT_KINDS, { error: `kind is one of: ${CASE_EVENT_KINDS.join(', ')}.` }).optional(),
  limit: paging.limit.default(25),
  cursor,
});

/** GET /case/{caseId}: the case's log, oldest first. */
export const caseLogQuery = z.object({ limit: paging.limit.default(25), cursor });

/** PUT /case/{caseId}/resolve: the retailer fixed it, or dismissed with a reason. The product (or profile) is unflagged with it. */
export const resolveCaseBody = z
  .object({
    resolution: z.enum(['retailer_fixed', 'dismissed'], { error: 'resolution is retailer_fixed or dismissed.' }),
    reason: z.string({ error: 'reason must be text.' }).trim().max(500, 'The reason is at most 500 characters.').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.resolution === 'dismissed' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: CASE_MSG.reasonRequired });
  });
export type ResolveCaseBody = z.output<typeof resolveCaseBody>;

/** What was seen when the case opened (or reopened); never changed later. */
export const caseEvidence = z.object({
  scanDate: z.string(),
  periodId: z.string().nullable(),
  reasons: z.array(z.object({ name: z.string(), value: z.string() })),
  message: z.string(),
  scraped: z.object({
    name: z.string(),
    style_number: z.string(),
    price: z.number().nullable(),
    URL: z.string(),
    image: z.string(),
    screenshot: z.string(),
    brand_sku: z.string(),
  }),
  onHand: z.object({ serialNo: z.string(), styleName: z.string(), price: z.number().nullable() }).nullable(),
  /** The price gap against the on-hand price, when both are known. */
  gap: z.object({ amount: z.number(), percent: z.number() }).nullable(),
  /**
   * The stored picture and screenshot copied out of the scraped objects' 180-day expiry
   * (`evidence/…`, '' for one not stored with us), set once just after the opening; absent while
   * the copy has not succeeded (the scraped keys then stand).
   */
  kept: z.object({ image: z.string(), screenshot: z.string() }).optional(),
});
export type CaseEvidence = z.infer<typeof caseEvidence>;

export const caseActor = z.object({ id: z.string(), name: z.string() }).nullable();

export const caseView = z.object({
  _id: z.string(),
  brand: z.string(),
  retailer: z.string(),
  kind: z.enum(['product', 'profile']),
  /** The style number of a product case; '' for the brand profile. */
  style_number: z.string(),
  name: z.string(),
  /** The product of the latest period the case was flagged on (the profile: the retailer scan info). */
  productId: z.string(),
  status: z.enum(CASE_STATUSES),
  severity: z.enum(CASE_SEVERITIES),
  resolution: z.enum(CASE_RESOLUTIONS).nullable(),
  resolutionReason: z.string().nullable(),
  openedAt: z.string(),
  notifiedAt: z.string().nullable(),
  /** When a second notice was drafted for it (overdue, the brand's escalation) and when one was sent. */
  secondNoticeDraftedAt: z.string().nullable().optional(),
  secondNoticeAt: z.string().nullable().optional(),
  resolvedAt: z.string().nullable(),
  /** How many times it came back after being resolved. */
  repeats: z.number(),
  evidence: caseEvidence,
});
export type CaseView = z.infer<typeof caseView>;

export const caseEventView = z.object({
  caseId: z.string(),
  kind: z.enum(CASE_EVENT_KINDS),
  at: z.string(),
  by: caseActor,
  /** For people: what happened (the reasons, the recipients, the resolution). */
  detail: z.string(),
  /** The case's subject, for the retailer's log. */
  name: z.string(),
  style_number: z.string(),
});
export type CaseEventView = z.infer<typeof caseEventView>;

export const caseCounts = z.object({ open: z.number(), notified: z.number(), acknowledged: z.number(), resolved: z.number(), repeats: z.number() });
export type CaseCounts = z.infer<typeof caseCounts>;

export const listCasesResponse = z.object({ data: z.array(caseView), counts: caseCounts, nextCursor: z.string().nullable() });
/** `pictures`: the app links of the evidence's picture and screenshot to show, the kept copy first ('' for none). */
export const getCaseResponse = z.object({ data: caseView, events: z.array(caseEventView), nextCursor: z.string().nullable(), pictures: z.object({ image: z.string(), screenshot: z.string() }) });
export const caseActivityResponse = z.object({ data: z.array(caseEventView), nextCursor: z.string().nullable() });
export const resolveCaseResponse = z.object({ message: z.string(), data: caseView });

// ── The retailer's side (issue 24 §3): a link, no account ─────────────────────────────────────

/** `<linkId>.<secret>` from the page's address fragment. */
const caseLinkToken = z.string({ error: CASE_MSG.linkInvalid }).regex(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/, CASE_MSG.linkInvalid);

/** POST /retailerCases: the link's open cases (the token in the body, never in an address a log keeps). */
export const openRetailerCasesBody = z.object({ token: caseLinkToken, cursor });
/** POST /retailerCases/{caseId}: the retailer says it is fixed, or answers with a note. */
export const answerRetailerCaseBody = z
  .object({
    token: caseLinkToken,
    action: z.enum(['fixed', 'note'], { error: 'action is fixed or note.' }),
    note: z.string({ error: 'note must be text.' }).trim().max(1000, 'The note is at most 1000 characters.').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'note' && !b.note) ctx.addIssue({ code: 'custom', path: ['note'], message: CASE_MSG.noteRequired });
  });
export type AnswerRetailerCaseBody = z.output<typeof answerRetailerCaseBody>;

/** What the retailer sees of a case: no ids of people, no internal ids but the case's. */
export const retailerCaseView = caseView.pick({ _id: true, kind: true, style_number: true, name: true, status: true, severity: true, openedAt: true, notifiedAt: true, evidence: true });
export const openRetailerCasesResponse = z.object({
  brand: z.object({ name: z.string(), colors: z.record(z.string(), z.string()) }),
  retailer: z.object({ name: z.string() }),
  linkExpiresAt: z.string(),
  data: z.array(retailerCaseView),
  nextCursor: z.string().nullable(),
});
export const answerRetailerCaseResponse = z.object({ message: z.string(), data: retailerCaseView });

/** GET /caseLinks/{brandId}/{retailerId}: the links sent to the retailer (the active ones by default). */
export const listCaseLinksQuery = z.object({ status: z.enum(['active', 'all']).default('active'), limit: paging.limit.default(25), cursor });
export const caseLinkPath = z.object({ brandId: id }).extend(b2bLinkIdPath.shape);
export const listCaseLinksResponse = z.object({ data: z.array(b2bLinkSchema), nextCursor: z.string().nullable() });
export const revokeCaseLinkResponse = z.object({ message: z.string(), data: b2bLinkSchema });

// ── The programme at a glance (issue 24 §5) ─────────────────────────────────────────────────────

export const caseSummaryPath = z.object({ brandId: id });
export const caseRankingRow = z.object({
  retailer: z.string(),
  name: z.string(),
  /** The share of its latest scan's products with no active case, 0-100 (1 decimal); null before its first scan. */
  compliance: z.number().nullable(),
  open: z.number(),
  activeProducts: z.number(),
  totalProducts: z.number(),
  latestDate: z.string().nullable(),
});
export const caseSummaryResponse = z.object({
  figures: z.object({
    /** Active cases (open, notified, acknowledged). */
    open: z.number(),
    /** This month: cases opened (or reopened), resolved, notices emailed. */
    newThisMonth: z.number().nullable(),
    resolvedThisMonth: z.number().nullable(),
    noticesThisMonth: z.number().nullable(),
    /** Retailers with no active case, of the retailers shown. */
    compliant: z.number(),
    retailers: z.number(),
    /** Notified more than `overdueDays` days ago, no answer yet. */
    overdue: z.number().nullable(),
    overdueDays: z.number(),
    /** Days from opening to resolution, the median bucket's upper bound; null before any resolution. */
    medianDaysToResolve: z.number().nullable(),
    month: z.string(),
  }),
  /** Every retailer shown, the least compliant first. */
  ranking: z.array(caseRankingRow),
});
export type CaseSummary = z.infer<typeof caseSummaryResponse>;

export const caseTrendQuery = z.object({ retailerId: id.optional() });
export const caseTrendPoint = z.object({
  /** A scan's date (a retailer), or a month YYYY-MM (the brand). */
  date: z.string(),
  /** Active cases while this scan was the latest (moved by every case change since). */
  open: z.number(),
  /** Products flagged for their price when the scan was published. */
  priceIssues: z.number(),
  compliance: z.number().nullable(),
});
export const caseTrendResponse = z.object({ data: z.array(caseTrendPoint) });

// ── The log as a file; a product's case (issue 24: the activity export, the product page) ───────

/** POST /caseActivity/{brandId}/{retailerId}/export: the retailer's log (one kind with `kind`, as the Activity view shows it) as xlsx, a background job (docs/exports.md). */
export const caseActivityExportBody = z.object({ kind: caseActivityQuery.shape.kind });
export type CaseActivityExportBody = z.output<typeof caseActivityExportBody>;

/** GET /productCase/{brandId}/{retailerId}?style_number=: the case of a product (by its style number) at the retailer, if it ever had one, and its log, newest first. */
export const productCaseQuery = z.object({
  style_number: z.string({ error: 'style_number is required.' }).trim().min(1, 'style_number is required.').max(200, 'style_number is at most 200 characters.'),
  limit: paging.limit.default(25),
  cursor,
});
/** `data` null: the product never had a case at this retailer (no events then). */
export const productCaseResponse = z.object({ data: caseView.nullable(), events: z.array(caseEventView), nextCursor: z.string().nullable() });
// ── The evidence pack (issue 24 §2) ─────────────────────────────────────────────────────────────

export { CASE_PACK } from '../messages/cases';

/** GET /caseEvidencePack/{brandId}/{retailerId}: the retailer's active cases as a PDF, made now; `link` is its 7-day app link. */
export const caseEvidencePackResponse = z.object({
  message: z.string(),
  link: z.string(),
  name: z.string(),
  /** The cases in the pack (the worst first, at most CASE_PACK.maxCases) and every active case of the retailer. */
  cases: z.number(),
  total: z.number(),
  truncated: z.boolean(),
});
