/**
 * The case reads (issue 24): a retailer's cases with their kept counts, one case with its log, the
 * retailer's log. Each is one page read with key conditions and a cursor, whatever the number of
 * cases or events stored.
 */
import { CASE_MSG, type CaseEventKind, type CaseEvidence } from '../../shared/schemas/cases';
import { assertBrand, canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { imageLinker } from '../lib/image-links';
import { ForbiddenError, NotFoundError } from '../lib/http/errors';
import { getCase, getCaseCounts, pageCaseEvents, pageCases, pageRetailerEvents } from './cases.repo';
import { caseIdOf, type CaseEvent, type CaseRecord } from './domain/case';

/** The brand is the caller's (an ADMIN any) and a User with assigned retailers has this one: else 403. */
export function assertCanSeeCases(auth: AuthContext, brand: string, retailer: string): void {
  assertBrand(auth, brand);
  if (!canSeeRetailer(auth, retailer)) throw new ForbiddenError();
}

const view = ({ rev: _rev, ...c }: CaseRecord) => c;
const eventView = ({ ref: _ref, ...e }: CaseEvent) => e;

export async function listCasesFor(auth: AuthContext, brand: string, retailer: string, q: { status: 'active' | 'resolved'; limit: number; cursor?: string }) {
  assertCanSeeCases(auth, brand, retailer);
  const [page, counts] = await Promise.all([pageCases(brand, retailer, q.status === 'active', q.limit, q.cursor), getCaseCounts(brand, retailer)]);
  return { data: page.items.map(view), counts, nextCursor: page.nextCursor };
}

/** A case and the first page of its log (oldest first); 404 for a case that is not the caller's to see (as for one that does not exist). */
export async function getCaseFor(auth: AuthContext, caseId: string, q: { limit: number; cursor?: string }) {
  const c = await getCase(caseId);
  if (!c || (!auth.isAdmin && c.brand !== auth.brand) || !canSeeRetailer(auth, c.retailer)) throw new NotFoundError(CASE_MSG.notFound);
  const [events, pictures] = await Promise.all([pageCaseEvents(caseId, q.limit, q.cursor), evidencePictures(c.evidence)]);
  return { data: view(c), events: events.items.map(eventView), nextCursor: events.nextCursor, pictures };
}

/**
 * What the case shows of its evidence's picture and screenshot (issue 24 §2): the kept copy's app
 * link, else the scraped one's while it lasts (or the retailer's address as the robot wrote it);
 * '' for none, or for a value that is neither a link of ours nor an http(s) address.
 */
async function evidencePictures(ev: CaseEvidence): Promise<{ image: string; screenshot: string }> {
  const [keptLink, scrapedLink] = await Promise.all([imageLinker({ kept: true }), imageLinker()]);
  const one = (w: 'image' | 'screenshot') => {
    const link = ev.kept?.[w] ? keptLink(ev.kept[w]) : ev.scraped[w] ? scrapedLink(ev.scraped[w]) : '';
    return /^(\/api\/images\?|https?:\/\/)/.test(link) ? link : '';
  };
  return { image: one('image'), screenshot: one('screenshot') };
}

export async function caseActivityFor(auth: AuthContext, brand: string, retailer: string, q: { kind?: CaseEventKind; limit: number; cursor?: string }) {
  assertCanSeeCases(auth, brand, retailer);
  const page = await pageRetailerEvents(brand, retailer, q.limit, q.cursor, q.kind);
  return { data: page.items.map(eventView), nextCursor: page.nextCursor };
}

/**
 * The product page's case: the case of a style number at the retailer (its id derived as a flag
 * derives it: one GetItem), and a page of its log, newest first. A product that never had a case
 * answers `data: null` (a quiet empty state); the tenant and the User's retailers are checked first (403).
 */
export async function productCaseFor(auth: AuthContext, brand: string, retailer: string, q: { style_number: string; limit: number; cursor?: string }) {
  assertCanSeeCases(auth, brand, retailer);
  const caseId = caseIdOf(brand, retailer, q.style_number);
  const c = await getCase(caseId);
  if (!c || c.kind !== 'product') return { data: null, events: [], nextCursor: null };
  const events = await pageCaseEvents(caseId, q.limit, q.cursor, false);
  return { data: view(c), events: events.items.map(eventView), nextCursor: events.nextCursor };
}
