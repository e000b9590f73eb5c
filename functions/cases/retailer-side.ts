/**
 * The retailer's side of the loop (issue 24 §3): a page opened from a link in the brand's email,
 * no account. It reads the brand's active cases at that retailer with their evidence, and answers
 * one: "fixed" (the case is acknowledged; the next scan or the brand closes it) or a note. Each
 * answer is logged on the case as the retailer's and emailed to the brand's users who follow the
 * retailer (active, with notifications on, assigned to it or to all of the brand's retailers).
 * The link is checked on every call (functions/b2b/case-links.ts); answers are counted per link.
 */
import { randomBytes } from 'node:crypto';
import { CASE_LINK, CASE_MSG, type AnswerRetailerCaseBody } from '../../shared/schemas/cases';
import { DEFAULT_COLORS } from '../../shared/constants';
import { takeCaseLinkAnswer } from '../auth';
import { caseLinkOf } from '../b2b';
import { env } from '../lib/env';
import { escapeHtml, layout, sendEmail } from '../lib/email';
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { record } from '../lib/metrics';
import { transactIf } from '../lib/table';
import { getRetailers } from '../retailers';
import { listUsersByBrand, primaryRole } from '../users';
import { ROLE } from '../../shared/constants';
import { getCase, pageCases } from './cases.repo';
import { stepWritesWithTrend } from './service';
import { answerStep, type CaseRecord } from './domain/case';

async function openLink(token: string) {
  const state = await caseLinkOf(token);
  if (!state.ok) throw new UnauthorizedError(state.reason === 'invalid' ? CASE_MSG.linkInvalid : CASE_MSG.linkEnded);
  return state;
}

const retailerView = (c: CaseRecord) => ({ _id: c._id, kind: c.kind, style_number: c.style_number, name: c.name, status: c.status, severity: c.severity, openedAt: c.openedAt, notifiedAt: c.notifiedAt, evidence: c.evidence });

/** POST /retailerCases: the brand's active cases at the link's retailer, worst first, a page. */
export async function openRetailerCases(body: { token: string; cursor?: string }) {
  const { link, brand } = await openLink(body.token);
  const [[retailer], page] = await Promise.all([getRetailers([link.retailer]), pageCases(link.brand, link.retailer, true, 25, body.cursor)]);
  return {
    brand: { name: brand.name, colors: { ...DEFAULT_COLORS, ...brand.colors } },
    retailer: { name: retailer?.name ?? link.retailer },
    linkExpiresAt: link.linkExpiresAt,
    data: page.items.map(retailerView),
    nextCursor: page.nextCursor,
  };
}

/** POST /retailerCases/{caseId}: the retailer's answer on one case of the link's brand and retailer (404 for any other). */
export async function answerRetailerCase(caseId: string, body: AnswerRetailerCaseBody) {
  const { link, brand } = await openLink(body.token);
  if (!(await takeCaseLinkAnswer(link._id, { max: CASE_LINK.answersPerHour, seconds: 3600 }))) throw new TooManyRequestsError(CASE_MSG.tooManyAnswers);
  const [retailer] = await getRetailers([link.retailer]);
  const retailerName = retailer?.name ?? link.retailer;
  const at = new Date().toISOString();
  const ref = randomBytes(6).toString('base64url');
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await getCase(caseId);
    if (!current || current.brand !== link.brand || current.retailer !== link.retailer) throw new NotFoundError(CASE_MSG.notFound);
    const step = answerStep(current, { action: body.action, note: body.note, at, by: { id: `LINK#${link._id}`, name: `${retailerName} (retailer)` }, ref });
    if (!step) throw new ConflictError(CASE_MSG.alreadyResolved);
    if (await transactIf(await stepWritesWithTrend(step))) {
      await tellFollowers(link.brand, brand.name, link.retailer, retailerName, step.after, step.event.detail, body.action);
      return { message: body.action === 'fixed' ? CASE_MSG.markedFixed : CASE_MSG.noteSent, data: retailerView(step.after) };
    }
  }
  throw new ConflictError(CASE_MSG.alreadyResolved);
}

/** The brand's users who follow the retailer: active, with notifications on, assigned to it or to all of the brand's retailers. */
export async function followersOf(brand: string, retailer: string) {
  return (await listUsersByBrand(brand)).filter(
    (u) => u.status === 'active' && u.notify !== false && primaryRole(u) !== ROLE.ADMIN && (!u.associated_retailers?.length || u.associated_retailers.includes(retailer)),
  );
}

/**
 * One email about a retailer's cases to the brand's users who follow the retailer (a retailer's
 * answer, a drafted second notice). The cases are kept either way: a failed send is counted
 * (CaseEmailsFailed, alarmed) and logged as an error, not thrown.
 */
export async function emailFollowers(brand: string, retailer: string, m: { subject: string; title: string; text: string; linkText: string; path: string }): Promise<void> {
  const users = await followersOf(brand, retailer);
  if (!users.length) return;
  const link = `${env.appUrl}${m.path}`;
  try {
    await sendEmail({ to: users.map((u) => u.email), subject: m.subject, html: layout(m.title, `<p>${escapeHtml(m.text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(m.linkText)}</a></p>`) });
  } catch (e) {
    record('CaseEmailsFailed', 1);
    logger.error("an email to a retailer's followers about its cases failed (the cases are kept)", { brand, retailer, subject: m.subject, error: String(e) });
  }
}

/** The retailer's answer, emailed to the brand's users who follow the retailer. */
function tellFollowers(brand: string, brandName: string, retailer: string, retailerName: string, c: CaseRecord, detail: string, action: 'fixed' | 'note') {
  const title = action === 'fixed' ? `${retailerName} says it fixed ${c.name}` : `${retailerName} answered on ${c.name}`;
  return emailFollowers(brand, retailer, { subject: `${title} (${brandName})`, title, text: detail, linkText: `Open ${retailerName}'s cases`, path: `/dashboard/retailer/${encodeURIComponent(retailer)}` });
}
