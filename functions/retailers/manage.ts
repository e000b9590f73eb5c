/**
 * The admin Retailer List's add, edit and delete (001 §2, §7; docs/decisions.md "Retailer List"):
 * - uniqueness of the name (folded), the Opt ID (case-insensitive) and the slug is decided by the
 *   write's own transaction (retailers.repo.ts), never by a read before it;
 * - the slug names the robots' drop folder: it cannot change once a robot file was filed for the
 *   retailer (3 key-condition queries, Limit 1);
 * - a retailer is deleted only when nothing refers to it: no robot file, no brand listing it
 *   (enabled or not), no brand holding its scan info or contacts; otherwise 409 saying why.
 */
import { RETAILER_MSG } from '../../shared/messages/retailers';
import type { RetailerValues } from '../../shared/schemas/retailers';
import { listBrands } from '../brands';
import { HttpError, NotFoundError } from '../lib/http/errors';
import { newId } from '../lib/table';
import { forgetRobotsOf } from '../robot-health';
import { scanInfoIdOf } from '../scrapings';
import { batchGetKeys, createRetailer, deleteRetailer, getRetailer, hasRobotFiles, updateRetailer, type RetailerRecord } from './retailers.repo';

export async function addRetailer(v: RetailerValues): Promise<RetailerRecord> {
  const now = new Date().toISOString();
  const record: RetailerRecord = { _id: newId(), ...v, createdAt: now, updatedAt: now };
  await createRetailer(record);
  return record;
}

export async function editRetailer(id: string, v: RetailerValues): Promise<RetailerRecord> {
  const before = await getRetailer(id);
  if (!before) throw new NotFoundError(RETAILER_MSG.notFound);
  if (before.slug !== v.slug && (await hasRobotFiles(id))) {
    throw new HttpError(409, RETAILER_MSG.slugLocked(before.slug), 'CONFLICT', [{ path: 'slug', message: RETAILER_MSG.slugLocked(before.slug) }]);
  }
  const after: RetailerRecord = { ...before, ...v, updatedAt: new Date().toISOString() };
  await updateRetailer(before, after);
  return after;
}

/**
 * Why the retailer cannot be deleted (empty: it can). Reads: 3 Queries Limit 1 (its robot files),
 * the brands list (one key condition; brands are few: the approval reads it the same way), and
 * one BatchGetItem per 50 brands of their scan info and contact count at this retailer (brands
 * that took it off their list entirely may still hold its history).
 */
export async function retailerUsage(r: RetailerRecord): Promise<string[]> {
  const [files, brands] = await Promise.all([hasRobotFiles(r._id), listBrands()]);
  const listing = brands.filter((b) => b.retailers.some((x) => x.retailer === r._id));
  const others = brands.filter((b) => !listing.includes(b));
  const held = await batchGetKeys(
    others.flatMap((b) => [
      { pk: `SCANINFO#${scanInfoIdOf(b._id, r._id)}`, sk: 'SCANINFO' },
      { pk: `CONTACTS#${b._id}`, sk: `COUNT#R#${r._id}` },
    ]),
    'count',
  );
  const data = held.some((x) => String(x.pk).startsWith('SCANINFO#') || Number(x.count ?? 0) > 0);
  const shown = listing.slice(0, 3).map((b) => b.name);
  return [
    ...(files ? [RETAILER_MSG.inUseFiles] : []),
    ...(listing.length ? [RETAILER_MSG.inUseBrands(shown, listing.length - shown.length)] : []),
    ...(data ? [RETAILER_MSG.inUseData] : []),
  ];
}

export async function removeRetailer(id: string): Promise<void> {
  const before = await getRetailer(id);
  if (!before) throw new NotFoundError(RETAILER_MSG.notFound);
  const reasons = await retailerUsage(before);
  if (reasons.length) throw new HttpError(409, RETAILER_MSG.inUse(before.name, reasons), 'CONFLICT');
  await deleteRetailer(before);
  // Its robots (kept at ingest; its files are gone, or it could not be deleted) are watched no more: no late alert for a retailer that no longer exists.
  await forgetRobotsOf(before._id);
}
