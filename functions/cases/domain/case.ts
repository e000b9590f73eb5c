/**
 * A case's lifecycle, as pure functions (issue 24; docs/decisions/40-cases.md). One case per
 * brand, retailer and subject (a product's style number, or the brand profile), named by a hash of
 * the three: a retried call or two people flagging at once meet on the same item. A case that
 * comes back after being resolved reopens (a repeat); it is never a second case.
 *
 * Each change is a `Step`: the case after it, the event it records, and how the kept counts move.
 * No step when nothing changes (a second flag with the same reasons, an email about a resolved case).
 */
import { createHash } from 'node:crypto';
import type { CaseEventKind, CaseEvidence, CaseResolution, CaseSeverity, CaseStatus } from '../../../shared/schemas/cases';

export interface Actor {
  id: string;
  name: string;
}

export interface CaseRecord {
  _id: string;
  brand: string;
  retailer: string;
  kind: 'product' | 'profile';
  style_number: string;
  name: string;
  productId: string;
  status: CaseStatus;
  severity: CaseSeverity;
  resolution: CaseResolution | null;
  resolutionReason: string | null;
  openedAt: string;
  notifiedAt: string | null;
  resolvedAt: string | null;
  repeats: number;
  evidence: CaseEvidence;
  /** The escalation of an overdue notice (issue 24 §4): when a second notice was drafted (the daily check, draft mode) and when one was sent; cleared when the case reopens. */
  secondNoticeDraftedAt?: string | null;
  secondNoticeAt?: string | null;
  /** Bumped on every change: the condition of the next write (two writers never both win). */
  rev: number;
}

export interface CaseEvent {
  caseId: string;
  kind: CaseEventKind;
  at: string;
  by: Actor | null;
  detail: string;
  name: string;
  style_number: string;
  /** A key part that makes a retried event the same item (an email's history id). */
  ref: string;
}

/** How the retailer's kept counts move with a step (per status, plus resolved and repeats). */
export type CountMoves = Partial<Record<CaseStatus | 'repeats', number>>;

export interface Step {
  after: CaseRecord;
  /** undefined when the case did not exist before (the write is conditioned on that). */
  beforeRev: number | undefined;
  event: CaseEvent;
  counts: CountMoves;
}

export const PROFILE_SUBJECT = '__profile__';

/** The case of a subject: 'c' + 21 base64url characters (126 bits) of a hash of brand, retailer and subject. */
export function caseIdOf(brand: string, retailer: string, subject: string): string {
  return `c${createHash('sha256').update(`${brand}\u0000${retailer}\u0000${subject}`).digest('base64url').slice(0, 21)}`;
}

export const isActive = (s: CaseStatus): boolean => s !== 'resolved';

/**
 * The severity: a price issue by its gap to the on-hand price (≥ 20 % high, ≥ 5 % medium, less
 * low; unknown gap medium); a brand profile issue by its kind, the worst of its reasons (a logo,
 * visuals or bio missing high; an old logo or old visuals, or an image issue, medium; a typo, a
 * different issue or another reason low); any other product issue (image, description...) low.
 */
export function severityOf(kind: 'product' | 'profile', reasons: readonly { name: string; value?: string }[], gap: CaseEvidence['gap']): CaseSeverity {
  if (kind === 'profile') return worst(reasons.map(profileSeverity));
  if (!reasons.some((r) => r.name === 'Price')) return 'low';
  if (!gap) return 'medium';
  const pct = Math.abs(gap.percent);
  return pct >= 20 ? 'high' : pct >= 5 ? 'medium' : 'low';
}

const RANK: Record<CaseSeverity, number> = { high: 3, medium: 2, low: 1 };
const worst = (xs: readonly CaseSeverity[]): CaseSeverity => xs.reduce<CaseSeverity>((w, x) => (RANK[x] > RANK[w] ? x : w), xs.length ? 'low' : 'medium');

/** A brand profile reason's severity (shared/schemas/scrapings.ts BRAND_FLAG_REASONS). */
function profileSeverity(r: { name: string; value?: string }): CaseSeverity {
  const value = (r.value ?? '').toLowerCase();
  if (value.endsWith('is missing') || value.endsWith('are missing')) return 'high';
  if (value.startsWith('old ') || r.name === 'Image Issues') return 'medium';
  return 'low';
}

/** The gap of a scraped price to the on-hand price (percent of the on-hand price, 1 decimal). */
export function priceGap(scraped: number | null, onHand: number | null | undefined): CaseEvidence['gap'] {
  if (scraped === null || onHand === null || onHand === undefined || onHand <= 0) return null;
  const amount = Math.round((scraped - onHand) * 100) / 100;
  return { amount, percent: Math.round((amount / onHand) * 1000) / 10 };
}

const reasonsText = (reasons: readonly { name: string; value: string }[]) => reasons.map((r) => (r.value && r.value !== r.name ? `${r.name}: ${r.value}` : r.name)).join(', ');
const sameReasons = (a: readonly { name: string; value: string }[], b: readonly { name: string; value: string }[]) => reasonsText(a) === reasonsText(b);

/** What a flag says about its subject (the case's own fields), when, by whom. */
export interface FlagInput extends Pick<CaseRecord, 'brand' | 'retailer' | 'kind' | 'style_number' | 'name' | 'productId' | 'evidence'> {
  at: string;
  by: Actor | null;
}

/** A flag set (or its reasons changed): opens the case, reopens a resolved one, or records new reasons. */
export function flagStep(current: CaseRecord | undefined, f: FlagInput): Step | undefined {
  const id = caseIdOf(f.brand, f.retailer, f.kind === 'profile' ? PROFILE_SUBJECT : f.style_number);
  const severity = severityOf(f.kind, f.evidence.reasons, f.evidence.gap);
  const event = (kind: CaseEventKind): CaseEvent => ({ caseId: id, kind, at: f.at, by: f.by, detail: reasonsText(f.evidence.reasons), name: f.name, style_number: f.style_number, ref: '' });
  if (!current) {
    const after: CaseRecord = {
      _id: id,
      brand: f.brand,
      retailer: f.retailer,
      kind: f.kind,
      style_number: f.style_number,
      name: f.name,
      productId: f.productId,
      status: 'open',
      severity,
      resolution: null,
      resolutionReason: null,
      openedAt: f.at,
      notifiedAt: null,
      resolvedAt: null,
      repeats: 0,
      evidence: f.evidence,
      rev: 1,
    };
    return { after, beforeRev: undefined, event: event('flagged'), counts: { open: 1 } };
  }
  if (current.status === 'resolved') {
    // It came back: the same case, open again with what is seen now, counted as a repeat.
    const after: CaseRecord = { ...current, name: f.name, productId: f.productId, status: 'open', severity, resolution: null, resolutionReason: null, openedAt: f.at, notifiedAt: null, secondNoticeDraftedAt: null, secondNoticeAt: null, resolvedAt: null, repeats: current.repeats + 1, evidence: f.evidence, rev: current.rev + 1 };
    return { after, beforeRev: current.rev, event: event('reopened'), counts: { resolved: -1, open: 1, repeats: 1 } };
  }
  // Still open: new reasons are recorded (the evidence of the opening stays).
  if (sameReasons(current.evidence.reasons, f.evidence.reasons) && current.productId === f.productId) return undefined;
  const after: CaseRecord = { ...current, name: f.name, productId: f.productId, rev: current.rev + 1 };
  return sameReasons(current.evidence.reasons, f.evidence.reasons)
    ? { after, beforeRev: current.rev, event: { ...event('reflagged'), detail: `Flagged again on the scan of ${f.evidence.scanDate}` }, counts: {} }
    : { after, beforeRev: current.rev, event: event('reflagged'), counts: {} };
}

const RESOLUTION_TEXT: Record<CaseResolution, string> = { retailer_fixed: 'Fixed by the retailer', scan_fixed: 'Fixed on the next scan', dismissed: 'Dismissed' };

/** The flag removed: resolves an active case (dismissed unless a resolution is given). */
export function resolveStep(current: CaseRecord | undefined, r: { resolution: CaseResolution; reason: string; at: string; by: Actor | null; kind?: CaseEventKind }): Step | undefined {
  if (!current || current.status === 'resolved') return undefined;
  const after: CaseRecord = { ...current, status: 'resolved', resolution: r.resolution, resolutionReason: r.reason || null, resolvedAt: r.at, rev: current.rev + 1 };
  // A scan's fix names the scan ("Fixed on the scan of 11/16/2026"): that is the whole detail.
  const detail = r.resolution === 'scan_fixed' && r.reason ? r.reason : r.reason ? `${RESOLUTION_TEXT[r.resolution]}: ${r.reason}` : RESOLUTION_TEXT[r.resolution];
  return {
    after,
    beforeRev: current.rev,
    event: { caseId: current._id, kind: r.kind ?? 'resolved', at: r.at, by: r.by, detail, name: current.name, style_number: current.style_number, ref: '' },
    counts: { [current.status]: -1, resolved: 1 },
  };
}

/** An email to the retailer naming the case: an open case becomes notified; the log records every email. */
export function emailedStep(current: CaseRecord | undefined, e: { historyId: string; to: readonly string[]; at: string; by: Actor | null; second?: boolean }): Step | undefined {
  if (!current || current.status === 'resolved') return undefined;
  const status: CaseStatus = current.status === 'open' ? 'notified' : current.status;
  const after: CaseRecord = { ...current, status, notifiedAt: current.notifiedAt ?? e.at, ...(e.second ? { secondNoticeAt: e.at } : {}), rev: current.rev + 1 };
  return {
    after,
    beforeRev: current.rev,
    event: { caseId: current._id, kind: 'emailed', at: e.at, by: e.by, detail: `${e.second ? 'Second notice emailed' : 'Emailed'} to ${e.to.join(', ')}`, name: current.name, style_number: current.style_number, ref: e.historyId },
    counts: status === current.status ? {} : { [current.status]: -1, [status]: 1 },
  };
}

/**
 * The retailer's answer through its link (issue 24 §3): `fixed` acknowledges an open or notified
 * case (the next scan, or the brand, closes it); a note is logged and changes nothing else. A
 * resolved case takes no answer.
 */
export function answerStep(current: CaseRecord | undefined, a: { action: 'fixed' | 'note'; note: string; at: string; by: Actor; ref: string }): Step | undefined {
  if (!current || current.status === 'resolved') return undefined;
  const fixed = a.action === 'fixed';
  const status: CaseStatus = fixed ? 'acknowledged' : current.status;
  const detail = fixed ? (a.note ? `Marked fixed by the retailer: ${a.note}` : 'Marked fixed by the retailer') : a.note;
  return {
    after: { ...current, status, rev: current.rev + 1 },
    beforeRev: current.rev,
    event: { caseId: current._id, kind: fixed ? 'acknowledged' : 'retailer_note', at: a.at, by: a.by, detail, name: current.name, style_number: current.style_number, ref: a.ref },
    counts: status === current.status ? {} : { [current.status]: -1, [status]: 1 },
  };
}

/**
 * The daily check found the case overdue (notified, no answer after the brand's days) and drafted a
 * second notice for the brand to send (issue 24 §4): logged once per notice.
 */
export function escalatedStep(current: CaseRecord | undefined, e: { at: string; overdueDays: number }): Step | undefined {
  if (!current || current.status !== 'notified' || current.secondNoticeDraftedAt || current.secondNoticeAt) return undefined;
  return {
    after: { ...current, secondNoticeDraftedAt: e.at, rev: current.rev + 1 },
    beforeRev: current.rev,
    event: { caseId: current._id, kind: 'escalated', at: e.at, by: null, detail: `No answer ${e.overdueDays} days after the notice: a second notice is drafted`, name: current.name, style_number: current.style_number, ref: '' },
    counts: {},
  };
}
