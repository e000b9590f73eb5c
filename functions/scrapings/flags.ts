/**
 * The flag calls (000 §4, §5, §7; 001 §4): a product's flag and the retailer's brand profile flag.
 * Flagging stores `flagMessage { reason, message, state: { price }, date }` (the flagged-at price
 * and date shown in the Flagged Products tab); re-flagging a flagged product keeps its flagged-at
 * price and date. Unflagging (`isFlagged: 'no'`, empty reason) removes the flagMessage. The
 * product write is `updateProductFields`' transaction, so `flaggedCount` moves once per real
 * change and concurrent calls serialise on the period's edit sequence.
 */
import { SCRAPING_MSG, type FlagBody, type FlagMessage } from '../../shared/schemas/scrapings';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { assertCanSee } from './access';
import { getProduct, getScanInfoById, setScanInfoFlag, updateProductFields } from './scrapings.repo';

function storedMessage(previous: unknown, body: FlagBody, price: number | null | undefined): FlagMessage {
  const prev = (previous ?? {}) as FlagMessage;
  return {
    reason: body.reason,
    message: body.message,
    state: prev.state ?? { price: price ?? null },
    date: prev.date ?? new Date().toISOString(),
  };
}

/** PUT /updateReatilerBrandProductFlag/{id} */
export async function flagProductFor(auth: AuthContext, id: string, body: FlagBody) {
  const product = await getProduct(id);
  if (!product) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  assertCanSee(auth, product);
  if (product.type === 'deleted') throw new ConflictError(SCRAPING_MSG.removedProductFlag);
  const flagMessage = body.isFlagged === 'yes' ? storedMessage(product.isFlagged === 'yes' ? product.flagMessage : undefined, body, product.price) : undefined;
  const data = await updateProductFields(id, { isFlagged: body.isFlagged, flagMessage });
  if (!data) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  return { message: body.isFlagged === 'yes' ? SCRAPING_MSG.productFlagged : SCRAPING_MSG.productUnflagged, data: { _id: id, isFlagged: data.isFlagged, flagMessage: data.flagMessage ?? null } };
}

/** PUT /updateBrandFlag/{id}: `id` is the retailer scan info (scanInfoIdOf(brand, retailer)). */
export async function flagBrandFor(auth: AuthContext, id: string, body: FlagBody) {
  const info = await getScanInfoById(id);
  if (!info) throw new NotFoundError(SCRAPING_MSG.scanInfoNotFound);
  assertCanSee(auth, info);
  // A brand profile has no price: its flag keeps the reasons, message and date.
  const flagMessage = body.isFlagged === 'yes' ? (({ state: _price, ...rest }) => rest)(storedMessage(info.isFlagged === 'yes' ? info.flagMessage : undefined, body, null)) : undefined;
  const data = await setScanInfoFlag(id, body.isFlagged, flagMessage);
  if (!data) throw new NotFoundError(SCRAPING_MSG.scanInfoNotFound);
  return { message: body.isFlagged === 'yes' ? SCRAPING_MSG.brandFlagged : SCRAPING_MSG.brandUnflagged, data: { _id: id, isFlagged: data.isFlagged, flagMessage: data.flagMessage ?? null } };
}
