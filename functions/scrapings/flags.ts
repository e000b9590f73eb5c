/**
 * The flag calls (000 §4, §5, §7; 001 §4): a product's flag and the retailer's brand profile flag.
 * Flagging stores `flagMessage { reason, message, state: { price }, date }` (the flagged-at price
 * and date shown in the Flagged Products tab); re-flagging a flagged product keeps its flagged-at
 * price and date. Unflagging (`isFlagged: 'no'`, empty reason) removes the flagMessage. The
 * product write is `updateProductFields`' transaction, so `flaggedCount` moves once per real
 * change and concurrent calls serialise on the period's edit sequence.
 */
import { CASE_MSG, type ResolveCaseBody } from '../../shared/schemas/cases';
import { SCRAPING_MSG, type FlagBody, type FlagMessage } from '../../shared/schemas/scrapings';
import { caseIdOf, caseWritesFor, flagStep, getCase, keepEvidencePictures, priceGap, PROFILE_SUBJECT, resolveStep, type Actor, type CaseRecord, type Step } from '../cases';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { getUser } from '../users';
import { assertCanSee } from './access';
import { onHandOf } from './case-evidence';
import type { ProductScrape } from './domain/product';
import { getProduct, getScanInfoById, setScanInfoFlag, updateProductFields, type ScanInfo } from './scrapings.repo';

/** Who did it, for the case log (the name as stored now). */
async function actorOf(auth: AuthContext): Promise<Actor> {
  const user = await getUser(auth.sub);
  return { id: auth.sub, name: user?.name ?? '' };
}

/** How a removed flag resolves its case: dismissed when a brand user unflags; the case call says otherwise. */
type Resolution = { resolution: 'retailer_fixed' | 'dismissed'; reason: string };
const UNFLAGGED: Resolution = { resolution: 'dismissed', reason: 'Unflagged' };

/**
 * The case a flag call opened or reopened, noted by its case writes (each try of the transaction
 * notes its own step, so it is the committed one's once the call returns): its evidence's pictures
 * are kept after the transaction, never inside it (the flag routes' calls below).
 */
export interface Opened {
  case?: CaseRecord;
}
const noteOpened = (opened: Opened, step: Step | undefined): Step | undefined => {
  opened.case = step && (step.event.kind === 'flagged' || step.event.kind === 'reopened') ? step.after : undefined;
  return step;
};

const reasonsOf = (m: unknown) => ((m as FlagMessage | undefined)?.reason ?? []).map((r) => ({ name: String(r.name), value: String(r.value ?? '') }));

/**
 * The case writes of a product's flag change, for the product write's own transaction (issue 24).
 * The on-hand item (the retailer's items read and matched) is looked up only when the flag opens
 * or reopens the case, where its evidence is written, and once for all of the edit's retries.
 */
function productCaseWrites(actor: Promise<Actor>, product: ProductScrape, resolution: Resolution, opened: Opened) {
  let onHandOnce: ReturnType<typeof onHandOf> | undefined;
  return async ({ before, after, now, published }: { before: ProductScrape; after: ProductScrape; now: string; published: boolean }) => {
    opened.case = undefined;
    if (!published) return [];
    const id = caseIdOf(after.brand, after.retailer, after.style_number);
    const by = await actor;
    if (after.isFlagged === 'yes') {
      const message = after.flagMessage as FlagMessage | undefined;
      return caseWritesFor(id, async (current) => {
        const opens = !current || current.status === 'resolved';
        const onHand = opens ? await (onHandOnce ??= onHandOf(product)) : null;
        return noteOpened(opened, flagStep(current, {
          brand: after.brand,
          retailer: after.retailer,
          kind: 'product',
          style_number: after.style_number,
          name: after.name,
          productId: after._id,
          at: now,
          by,
          evidence: {
            scanDate: after.date,
            periodId: after.retailer_brand_scraping,
            reasons: reasonsOf(message),
            message: message?.message ?? '',
            scraped: { name: after.name, style_number: after.style_number, price: after.price ?? null, URL: after.URL ?? '', image: after.image ?? '', screenshot: after.screenshot ?? '', brand_sku: after.brand_sku ?? '' },
            onHand,
            gap: priceGap(after.price ?? null, onHand?.price),
          },
        }));
      });
    }
    if (before.isFlagged === 'yes') return caseWritesFor(id, (current) => resolveStep(current, { ...resolution, at: now, by, kind: resolution === UNFLAGGED ? 'unflagged' : 'resolved' }));
    return [];
  };
}


function storedMessage(previous: unknown, body: FlagBody, price: number | null | undefined): FlagMessage {
  const prev = (previous ?? {}) as FlagMessage;
  return {
    reason: body.reason,
    message: body.message,
    state: prev.state ?? { price: price ?? null },
    date: prev.date ?? new Date().toISOString(),
  };
}

/** The product's flag, and its case (opened, reopened, resolved) in the same transaction; `opened` is told the case it opened or reopened. */
export async function flagProductFor(auth: AuthContext, id: string, body: FlagBody, resolution: Resolution = UNFLAGGED, opened: Opened = {}) {
  const product = await getProduct(id);
  if (!product) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  assertCanSee(auth, product);
  if (product.type === 'deleted') throw new ConflictError(SCRAPING_MSG.removedProductFlag);
  const flagMessage = body.isFlagged === 'yes' ? storedMessage(product.isFlagged === 'yes' ? product.flagMessage : undefined, body, product.price) : undefined;
  const data = await updateProductFields(id, { isFlagged: body.isFlagged, flagMessage }, undefined, productCaseWrites(actorOf(auth), product, resolution, opened));
  if (!data) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  return { message: body.isFlagged === 'yes' ? SCRAPING_MSG.productFlagged : SCRAPING_MSG.productUnflagged, data: { _id: id, isFlagged: data.isFlagged, flagMessage: data.flagMessage ?? null } };
}

/** The case writes of a brand profile's flag change (issue 24). */
function profileCaseWrites(actor: Promise<Actor>, resolution: Resolution, opened: Opened) {
  return async (info: ScanInfo, isFlagged: 'yes' | 'no', flagMessage: FlagMessage | undefined, now: string) => {
    opened.case = undefined;
    const id = caseIdOf(info.brand, info.retailer, PROFILE_SUBJECT);
    const by = await actor;
    if (isFlagged === 'yes') {
      return caseWritesFor(id, (current) =>
        noteOpened(opened, flagStep(current, {
          brand: info.brand,
          retailer: info.retailer,
          kind: 'profile',
          style_number: '',
          name: 'Brand profile',
          productId: info._id,
          at: now,
          by,
          evidence: {
            scanDate: (info.approvedDate ?? info.productDate ?? now).slice(0, 10),
            periodId: null,
            reasons: reasonsOf(flagMessage),
            message: flagMessage?.message ?? '',
            scraped: { name: 'Brand profile', style_number: '', price: null, URL: info.brandLink ?? info.siteLink ?? '', image: info.brand_hero_image ?? '', screenshot: info.brand_screenshot ?? '', brand_sku: '' },
            onHand: null,
            gap: null,
          },
        })),
      );
    }
    if (info.isFlagged === 'yes') return caseWritesFor(id, (current) => resolveStep(current, { ...resolution, at: now, by, kind: resolution === UNFLAGGED ? 'unflagged' : 'resolved' }));
    return [];
  };
}

/** The brand profile's flag, `id` the retailer scan info (scanInfoIdOf(brand, retailer)), and its case; `opened` as for a product. */
export async function flagBrandFor(auth: AuthContext, id: string, body: FlagBody, resolution: Resolution = UNFLAGGED, opened: Opened = {}) {
  const info = await getScanInfoById(id);
  if (!info) throw new NotFoundError(SCRAPING_MSG.scanInfoNotFound);
  assertCanSee(auth, info);
  // A brand profile has no price: its flag keeps the reasons, message and date.
  const flagMessage = body.isFlagged === 'yes' ? (({ state: _price, ...rest }) => rest)(storedMessage(info.isFlagged === 'yes' ? info.flagMessage : undefined, body, null)) : undefined;
  const data = await setScanInfoFlag(id, body.isFlagged, flagMessage, profileCaseWrites(actorOf(auth), resolution, opened));
  if (!data) throw new NotFoundError(SCRAPING_MSG.scanInfoNotFound);
  return { message: body.isFlagged === 'yes' ? SCRAPING_MSG.brandFlagged : SCRAPING_MSG.brandUnflagged, data: { _id: id, isFlagged: data.isFlagged, flagMessage: data.flagMessage ?? null } };
}

/**
 * PUT /updateReatilerBrandProductFlag/{id}: the flag call, then, once its transaction is done, the
 * pictures of the case it opened or reopened kept (issue 24 §2: a failed copy is only logged).
 */
export async function flagProductKeepingEvidence(auth: AuthContext, id: string, body: FlagBody) {
  const opened: Opened = {};
  const out = await flagProductFor(auth, id, body, UNFLAGGED, opened);
  if (opened.case) await keepEvidencePictures(opened.case);
  return out;
}

/** PUT /updateBrandFlag/{id}: the same for the brand profile (its hero image and screenshot). */
export async function flagBrandKeepingEvidence(auth: AuthContext, id: string, body: FlagBody) {
  const opened: Opened = {};
  const out = await flagBrandFor(auth, id, body, UNFLAGGED, opened);
  if (opened.case) await keepEvidencePictures(opened.case);
  return out;
}

/**
 * PUT /case/{caseId}/resolve (issue 24): the retailer fixed it, or it is dismissed with a reason.
 * The case's product (or brand profile) is unflagged with it, through the flag call's own
 * transaction; 404 for a case the caller may not see, 409 for a resolved one.
 */
export async function resolveCaseFor(auth: AuthContext, caseId: string, body: ResolveCaseBody): Promise<{ message: string; data: Omit<CaseRecord, 'rev'> }> {
  const c = await getCase(caseId);
  if (!c || (!auth.isAdmin && c.brand !== auth.brand) || !canSeeRetailer(auth, c.retailer)) throw new NotFoundError(CASE_MSG.notFound);
  if (c.status === 'resolved') throw new ConflictError(CASE_MSG.alreadyResolved);
  const resolution: Resolution = { resolution: body.resolution, reason: body.reason };
  const unflag: FlagBody = { isFlagged: 'no', message: '', reason: [] };
  try {
    if (c.kind === 'profile') await flagBrandFor(auth, c.productId, unflag, resolution);
    else await flagProductFor(auth, c.productId, unflag, resolution);
  } catch (e) {
    if (e instanceof NotFoundError) throw new NotFoundError(CASE_MSG.notFound);
    throw e;
  }
  const after = await getCase(caseId);
  if (!after || after.status !== 'resolved') throw new ConflictError(CASE_MSG.alreadyResolved);
  const { rev: _rev, ...data } = after;
  return { message: CASE_MSG.resolved, data };
}
