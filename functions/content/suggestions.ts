/**
 * A retailer's Suggestions (issue 38 §3; docs/decisions.md "Content checks"):
 * - `listSuggestions`: the period's content state (not checked, running, done, failed, no
 *   catalogue) and the shown run's suggestions of one status, most sure first, 25 a page with a
 *   cursor (gsi2 `SUGGEST#<run>#<status>`); the run's counts, kept on write;
 * - `flagSuggestion`: the suggestion claimed (only while open: of two people, one wins), then the
 *   product flagged through the flag call (its case opened, the evidence kept) with the reason the
 *   finding proposes and its message; a flag that fails puts the suggestion back;
 * - `dismissSuggestion`: decided with a reason, remembered for the retailer's content;
 * - `checkAgain`: a new run of the period.
 * A caller sees a period of their brand at a retailer they may see, else 404.
 */
import type { FlagBody } from '../../shared/schemas/scrapings';
import { findingFlagMessage } from '../../shared/messages/content';
import { SUGGESTIONS_MSG as M } from '../../shared/messages/suggestions';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { imageLinker, type ImageLinker } from '../lib/image-links';
import { flagProductKeepingEvidence, getPeriod, refreshBrandRow } from '../scrapings';
import { decideSuggestion, getContentState, getRun, getSuggestion, pageSuggestions, reopenSuggestion, SuggestionDecidedError, type ContentState, type Suggestion, type SuggestionStatus } from './content.repo';
import { checkPeriodAgain } from './start';

async function periodOf(auth: AuthContext, brandId: string, periodId: string) {
  const period = await getPeriod(periodId);
  if (!period || period.brand !== brandId || !canSeeRetailer(auth, period.retailer)) throw new NotFoundError(M.periodNotFound);
  return period;
}

/** A picture finding's two values are pictures: stored ones as app links (7 days), addresses as they are. */
const IMAGE_KINDS = new Set(['image-foreign', 'image-old', 'logo-old', 'visuals-old']);

const view = (s: Suggestion, link: ImageLinker = (v) => v) => ({
  _id: s._id,
  productId: s.productId,
  productName: s.productName,
  finding: IMAGE_KINDS.has(s.finding.kind) ? { ...s.finding, retailerValue: link(s.finding.retailerValue), brandValue: link(s.finding.brandValue) } : s.finding,
  status: s.status,
  ...(s.decidedBy ? { decidedBy: s.decidedBy } : {}),
  ...(s.decidedAt ? { decidedAt: s.decidedAt } : {}),
  ...(s.dismissReason ? { dismissReason: s.dismissReason } : {}),
});

export async function listSuggestions(auth: AuthContext, brandId: string, periodId: string, q: { status: SuggestionStatus; limit: number; cursor?: string }) {
  // The period's access check and its state are two independent reads: side by side.
  const [, state] = await Promise.all([periodOf(auth, brandId, periodId), getContentState(periodId)]);
  const run = state?.runId ? await getRun(state.runId) : undefined;
  // While a new run is made, the shown one's suggestions stay listed beside "running".
  const status: ContentState['status'] | 'not-checked' = state ? state.status : 'not-checked';
  const counts = run ? { checked: run.checked, withFindings: run.withFindings, open: run.open, flagged: run.flagged, dismissed: run.dismissed } : null;
  const base = { status, ...(state?.error ? { error: state.error } : {}), checkedAt: run?.finishedAt ?? null, counts };
  if (!run) return { state: base, data: [], nextCursor: null };
  const [page, link] = await Promise.all([pageSuggestions(run.runId, q.status, { limit: q.limit, cursor: q.cursor }), imageLinker()]);
  return { state: base, data: page.items.map((x) => view(x, link)), nextCursor: page.nextCursor ?? null };
}

async function suggestionOf(auth: AuthContext, brandId: string, periodId: string, suggestionId: string): Promise<Suggestion> {
  await periodOf(auth, brandId, periodId);
  const s = await getSuggestion(suggestionId);
  if (!s || s.periodId !== periodId || s.brand !== brandId) throw new NotFoundError(M.notFound);
  return s;
}

async function decided<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof SuggestionDecidedError) throw new ConflictError(M.alreadyDecided);
    throw e;
  }
}

export async function dismissSuggestion(auth: AuthContext, brandId: string, periodId: string, suggestionId: string, reason: string) {
  const s = await suggestionOf(auth, brandId, periodId, suggestionId);
  const out = await decided(() => decideSuggestion(s, 'dismissed', auth.sub, reason));
  // The Retailer List's count of open suggestions follows.
  await refreshBrandRow(s.brand, s.retailer);
  return { message: M.dismissed, data: view(out, await imageLinker()) };
}

export async function flagSuggestion(auth: AuthContext, brandId: string, periodId: string, suggestionId: string, message?: string) {
  const s = await suggestionOf(auth, brandId, periodId, suggestionId);
  if (!s.productId) throw new NotFoundError(M.notFound);
  const out = await decided(() => decideSuggestion(s, 'flagged', auth.sub));
  const body: FlagBody = { isFlagged: 'yes', message: (message ?? '').trim() || findingFlagMessage(s.finding), reason: [{ name: s.finding.reason.name, value: s.finding.reason.value }] };
  try {
    await flagProductKeepingEvidence(auth, s.productId, body);
  } catch (e) {
    await reopenSuggestion(out).catch(() => undefined);
    throw e;
  }
  await refreshBrandRow(s.brand, s.retailer);
  return { message: M.flagged, data: view(out, await imageLinker()) };
}

export async function checkAgain(auth: AuthContext, brandId: string, periodId: string, now = new Date()) {
  await periodOf(auth, brandId, periodId);
  await checkPeriodAgain(periodId, now.toISOString());
  return { message: M.checkStarted };
}
