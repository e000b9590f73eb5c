/**
 * The second notice (issue 24 §4): the escalation of a retailer's overdue cases, those notified more
 * than the brand's "overdue after" days ago with no answer.
 * - `secondNoticeOf`: the draft as the brand would send it (GET /secondNotice/{brandId}/{retailerId}):
 *   the overdue cases (the oldest notices first, at most SECOND_NOTICE.maxCases), the retailer's
 *   contacts of the brand (To), the brand contact (CC), the subject and the body (the brand's chosen
 *   canned message with its placeholders filled, or the built-in text, then the list of cases);
 * - `sendSecondNotice`: sends it (POST, or the daily check in send mode) with a new link to the
 *   retailer's open cases, records it in the email history and logs "Second notice emailed" on each
 *   case. Claimed per sender and request before sending: a retried request or a re-run check sends once;
 * - `escalateBrand`: the daily check for one brand (the reports state machine's job
 *   'case-escalation'): draft mode logs "Second notice drafted" on each newly overdue case and emails
 *   the retailer's followers once per retailer; send mode sends each retailer's notice.
 */
import { createHash } from 'node:crypto';
import { SECOND_NOTICE, SECOND_NOTICE_MSG } from '../../shared/messages/case-settings';
import { CASE_PROFILE_SUBJECT } from '../../shared/messages/cases';
import type { CaseSettings, SecondNotice } from '../../shared/schemas/case-settings';
import { pageRetailerContacts } from '../address-book';
import { issueCaseLink } from '../b2b';
import { getBrand, type BrandRecord } from '../brands';
import { emailFollowers, escalatedStep, getCase, getCaseSettings, notifyCases, overdueCasesOf, overdueCasesOfBrand, stepWritesWithTrend, type CaseRecord } from '../cases';
import { escapeHtml, sendRawEmail } from '../lib/email';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { transactIf } from '../lib/table';
import { usDate } from '../lib/us-date';
import { getRetailers } from '../retailers';
import { activeCannedMessageOf } from './canned-messages.repo';
import { recordEmail } from './email-history.repo';
import { claimSend, markSent, releaseSend } from './sends.repo';

const DAY = 86_400_000;
/** Notified before this instant: overdue at `now` for a brand whose cases are overdue after `days`. */
export const overdueBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

interface Sender {
  id: string;
  name: string;
}

interface Draft {
  brand: BrandRecord;
  retailerName: string;
  cases: CaseRecord[];
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The body without the link (issued when sent). */
  html: string;
  overdueDays: number;
}

const fill = (html: string, values: Record<string, string>) => html.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? escapeHtml(values[k]!) : m));

function caseList(cases: readonly CaseRecord[]): string {
  const rows = cases
    .map((c) => `<li>${escapeHtml(c.kind === 'profile' ? CASE_PROFILE_SUBJECT : `${c.name} (${c.style_number})`)}: ${escapeHtml(c.evidence.reasons.map((r) => r.name).join(', ') || 'flagged')}, notified ${usDate(c.notifiedAt ?? c.openedAt)}</li>`)
    .join('');
  return `<ul>${rows}</ul>`;
}

/** The brand and its case settings, as read once by the daily check for all its retailers. */
interface BrandContext {
  brand: BrandRecord | undefined;
  settings: CaseSettings;
}
const brandContextOf = async (brandId: string): Promise<BrandContext> => {
  const [brand, settings] = await Promise.all([getBrand(brandId), getCaseSettings(brandId)]);
  return { brand, settings };
};

async function draftOf(brandId: string, retailerId: string, sender: Sender, now: Date, context?: BrandContext): Promise<Draft> {
  const [{ brand, settings }, retailers] = await Promise.all([context ?? brandContextOf(brandId), getRetailers([retailerId])]);
  if (!brand) throw new NotFoundError(SECOND_NOTICE_MSG.brandNotFound);
  const retailerName = retailers[0]?.name ?? retailerId;
  const [cases, contacts, canned] = await Promise.all([
    overdueCasesOf(brandId, retailerId, overdueBefore(now, settings.overdueDays), SECOND_NOTICE.maxCases),
    pageRetailerContacts(brandId, retailerId, { limit: SECOND_NOTICE.maxContacts }),
    settings.escalationMessageId ? activeCannedMessageOf(brandId, settings.escalationMessageId) : Promise.resolve(undefined),
  ]);
  const first = contacts.items[0];
  const values = { User_name: sender.name, Retailer_name: retailerName, Brand_name: brand.name, firstName: first?.firstName ?? '', lastName: first?.lastName ?? '', email: first?.email ?? '', role: first?.role ?? '' };
  const intro = canned ? fill(canned.content, values) : SECOND_NOTICE_MSG.defaultIntro(escapeHtml(brand.name), escapeHtml(retailerName), settings.overdueDays);
  const to = contacts.items.map((c) => c.email);
  const lower = new Set(to.map((a) => a.toLowerCase()));
  return {
    brand,
    retailerName,
    cases,
    to,
    cc: [brand.contact?.email].filter((a): a is string => !!a && !lower.has(a.toLowerCase())),
    bcc: [brand.company_email_bcc].filter((a): a is string => !!a),
    subject: SECOND_NOTICE_MSG.subject(brand.name, cases.length),
    html: `${intro}${caseList(cases)}`,
    overdueDays: settings.overdueDays,
  };
}

const view = (d: Draft): SecondNotice => ({
  cases: d.cases.map((c) => ({ _id: c._id, kind: c.kind, style_number: c.style_number, name: c.name, severity: c.severity, notifiedAt: c.notifiedAt ?? c.openedAt, secondNoticeAt: c.secondNoticeAt ?? null })),
  to: d.to,
  cc: d.cc,
  subject: d.subject,
  html: d.html,
  overdueDays: d.overdueDays,
});

/** GET /secondNotice/{brandId}/{retailerId}: the draft (no overdue case: an empty list). */
export async function secondNoticeOf(brandId: string, retailerId: string, sender: Sender, now = new Date()): Promise<{ data: SecondNotice }> {
  return { data: view(await draftOf(brandId, retailerId, sender, now)) };
}

const historyIdOf = (senderId: string, requestId: string) => createHash('sha256').update(`${senderId}\u0000second\u0000${requestId}`).digest('base64url').slice(0, 22);

/** Sends the retailer's second notice now; `requestId` makes a retry the same send. */
export async function sendSecondNotice(brandId: string, retailerId: string, sender: Sender, requestId: string, now = new Date(), context?: BrandContext): Promise<{ message: string; data: { _id: string; cases: number; to: string[] } }> {
  const d = await draftOf(brandId, retailerId, sender, now, context);
  const historyId = historyIdOf(sender.id, requestId);
  const createdAt = now.toISOString();
  const claim = await claimSend(sender.id, `second#${requestId}`, { historyId, createdAt });
  if (!claim.claimed) {
    if (claim.existing.status === 'sent') return { message: SECOND_NOTICE_MSG.sent, data: { _id: claim.existing.historyId, cases: 0, to: d.to } };
    throw new ConflictError(SECOND_NOTICE_MSG.inProgress);
  }
  if (!d.cases.length || !d.to.length) {
    await releaseSend(sender.id, `second#${requestId}`);
    const message = d.cases.length ? SECOND_NOTICE_MSG.noContact(d.retailerName) : SECOND_NOTICE_MSG.nothingOverdue;
    throw new ValidationError(message, [{ path: d.cases.length ? 'to' : 'cases', message }]);
  }
  let html: string;
  let messageId: string | null;
  try {
    const link = await issueCaseLink({ _id: sender.id, name: sender.name }, brandId, retailerId, 30, now);
    html = `${d.html}<p><a href="${link.url}">${SECOND_NOTICE_MSG.linkText}</a> ${escapeHtml(SECOND_NOTICE_MSG.linkUntil(usDate(link.expiresAt)))}</p>`;
    const { textOf } = await import('./domain/sanitize');
    messageId = (await sendRawEmail({ to: d.to, cc: d.cc, bcc: d.bcc, subject: d.subject, html, text: textOf(html), fromName: `${sender.name} (${d.brand.name})`, attachments: [] })) ?? null;
  } catch (e) {
    await releaseSend(sender.id, `second#${requestId}`);
    throw e;
  }
  await markSent(sender.id, `second#${requestId}`, messageId);
  await recordEmail({
    _id: historyId,
    subject: d.subject,
    createdAt,
    htmlResponse: html,
    brand: brandId,
    retailer: retailerId,
    retailerBrandScraping: '',
    sentBy: sender.id,
    to: d.to,
    cc: d.cc,
    bcc: d.bcc,
    source: 'cases',
    products: [],
    attachments: [],
    ...(messageId ? { messageId } : {}),
  });
  await notifyCases(
    d.cases.map((c) => c._id),
    { historyId, to: d.to, at: createdAt, by: { id: sender.id, name: sender.name }, second: true },
  );
  logger.info('second notice sent', { brand: brandId, retailer: retailerId, cases: d.cases.length, to: d.to.length });
  return { message: SECOND_NOTICE_MSG.sent, data: { _id: historyId, cases: d.cases.length, to: d.to } };
}

export interface EscalationResult {
  retailers: number;
  cases: number;
  drafted: number;
  sent: number;
  /** Retailers whose notice could not be sent: no contact in the address book. */
  noContact: string[];
}

const SYSTEM: Sender = { id: 'system-escalation', name: 'Daily case check' };

/**
 * The daily check of one brand on `day` (YYYY-MM-DD, the run's day: a re-run of that day does
 * nothing twice). Draft: each overdue case not drafted yet logs "Second notice drafted", and the
 * retailer's followers get one email. Send: each retailer with an overdue case not sent a second
 * notice yet gets it (claimed per brand, retailer and day).
 */
export async function escalateBrand(brandId: string, day: string, now = new Date()): Promise<EscalationResult> {
  const out: EscalationResult = { retailers: 0, cases: 0, drafted: 0, sent: 0, noContact: [] };
  const context = await brandContextOf(brandId);
  const { brand, settings } = context;
  if (settings.escalation === 'off') return out;
  const byRetailer = new Map<string, CaseRecord[]>();
  for await (const page of overdueCasesOfBrand(brandId, overdueBefore(now, settings.overdueDays))) {
    for (const c of page) {
      if (c.secondNoticeAt || (settings.escalation === 'draft' && c.secondNoticeDraftedAt)) continue;
      byRetailer.set(c.retailer, [...(byRetailer.get(c.retailer) ?? []), c]);
    }
  }
  for (const [retailer, cases] of byRetailer) {
    out.retailers++;
    out.cases += cases.length;
    if (settings.escalation === 'send') {
      try {
        await sendSecondNotice(brandId, retailer, { ...SYSTEM, name: brand?.name ?? SYSTEM.name }, `${brandId}#${retailer}#${day}`, now, context);
        out.sent++;
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        out.noContact.push(retailer);
        logger.warn('second notice not sent: the retailer has no contact of this brand', { brand: brandId, retailer });
      }
      continue;
    }
    let drafted = 0;
    for (const c of cases) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const step = escalatedStep(await getCase(c._id), { at: now.toISOString(), overdueDays: settings.overdueDays });
        if (!step) break;
        if (await transactIf(await stepWritesWithTrend(step))) {
          drafted++;
          break;
        }
      }
    }
    out.drafted += drafted;
    if (drafted) await tellDrafted(brandId, brand?.name ?? brandId, retailer, drafted);
  }
  return out;
}

/** The drafts, emailed to the retailer's followers (kept and shown on the CASES tab either way). */
async function tellDrafted(brandId: string, brandName: string, retailer: string, count: number) {
  const [r] = await getRetailers([retailer]);
  const name = r?.name ?? retailer;
  const title = SECOND_NOTICE_MSG.draftedTitle(name, count);
  await emailFollowers(brandId, retailer, { subject: `${title} (${brandName})`, title, text: SECOND_NOTICE_MSG.draftedBody, linkText: SECOND_NOTICE_MSG.review(name), path: `/dashboard/retailer/${encodeURIComponent(retailer)}?side=cases` });
}
