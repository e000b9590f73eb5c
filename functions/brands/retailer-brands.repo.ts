/**
 * Which brands carry a retailer (the admin's Permissions look-up, 001 §2) and the write that
 * changes a brand's allowed retailers (the User Retailer List, 001 §2, §7), README "Data model",
 * docs/decisions.md "User Retailer List and Permissions":
 * - BRAND#<b> / BRAND `retailers` [{retailer, flag, webSiteType?}], `retailersVersion`: the list
 *   itself (the source every dashboard read filters on `flag`);
 * - RETAILER#<r>#BRANDS / BRAND#<brand name, lower case>#<b>: one item per brand listing the
 *   retailer (enabled or not), with `flag` and the brand's name, in brand-name order;
 * - RETAILER#<r>#BRANDS / COUNT `total`: how many brands list it, kept on write.
 * The list, its version, the index items and the counts change in ONE transaction conditioned on
 * the version the change was computed from, so the index never disagrees with the lists and of
 * two admins saving at once the second gets 409 instead of overwriting the first.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import type { Colors } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { queryPage, tablePrefix, type PagedResult } from '../lib/paged-query';
import { clean, key, queryAll, table, transactOrConditions, type TransactItem } from '../lib/table';
import { settingsParts, type BrandRecord } from './brands.repo';
import { countKey, countUpdate, INDEX_PREFIX, indexItem, indexKey, indexPk, type BrandRetailerEntry } from './retailer-index';

export type { BrandRetailerEntry };

/** One brand listing a retailer, as the index holds it. */
export interface RetailerBrandItem {
  retailer: string;
  brand: string;
  brandName: string;
  /** "Currently Enabled in Dashboard". */
  flag: boolean;
  updatedAt: string;
}

/** A transaction holds at most 100 items: the brand's Update and up to 99 index items and counts. */
const MAX_ITEMS = 100;
const indexPut = (brand: Pick<BrandRecord, '_id' | 'name'>, e: Pick<BrandRetailerEntry, 'retailer' | 'flag'>, now: string): TransactItem => ({ Put: { TableName: table.name, Item: indexItem(brand, e, now) } });
const countBy = (retailer: string, n: number): TransactItem => ({ Update: countUpdate(retailer, n) });

// ── Reads ─────────────────────────────────────────────────────────────────────

/** GetItem BRAND#id, consistent (a change is computed from the list as it is now) */
export async function getBrandNow(id: string): Promise<BrandRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.brand(id), ConsistentRead: true }));
  return out.Item ? clean<BrandRecord>(out.Item) : undefined;
}

/** GetItem RETAILER#r#BRANDS / COUNT: how many brands list the retailer (kept on write) */
export async function countRetailerBrands(retailer: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(retailer), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.total ?? 0));
}

/** Query RETAILER#r#BRANDS begins_with BRAND#, by brand name: one page (cursor, or `skip` first for a page number) */
export async function pageRetailerBrands(retailer: string, r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<RetailerBrandItem>> {
  const out = await queryPage<Record<string, unknown>>({ sources: [tablePrefix(indexPk(retailer), INDEX_PREFIX)], ascending: true, ...r });
  return { ...out, items: out.items.map((i) => clean<RetailerBrandItem>(i)) };
}

/** Query RETAILER#r#BRANDS begins_with BRAND#: every brand listing the retailer, by name (the export) */
export async function allRetailerBrands(retailer: string): Promise<RetailerBrandItem[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': indexPk(retailer), ':p': INDEX_PREFIX },
  });
  return items.map((i) => clean<RetailerBrandItem>(i));
}

// ── The change ────────────────────────────────────────────────────────────────

/**
 * The list after the admin's entries (pure): each entry sets the flag of its retailer; a retailer
 * not on the list yet is added when enabled (flag false for one never listed changes nothing);
 * retailers the entries do not name keep their flag, and no entry is ever removed (disabling
 * hides, it does not delete: the retailer's periods and products stay, and come back when it is
 * enabled again). `changed`: the entries whose flag changed or that were added, in order.
 */
export function applyRetailerFlags(
  current: readonly BrandRetailerEntry[],
  sent: readonly { retailer: string; flag: boolean }[],
): { next: BrandRetailerEntry[]; changed: { entry: BrandRetailerEntry; added: boolean }[] } {
  const next = current.map((e) => ({ ...e }));
  const at = new Map(next.map((e, i) => [e.retailer, i]));
  const changed: { entry: BrandRetailerEntry; added: boolean }[] = [];
  for (const s of sent) {
    const i = at.get(s.retailer);
    if (i === undefined) {
      if (!s.flag) continue;
      const entry: BrandRetailerEntry = { retailer: s.retailer, flag: true };
      at.set(s.retailer, next.push(entry) - 1);
      changed.push({ entry, added: true });
    } else if ((next[i]!.flag !== false) !== s.flag) {
      next[i] = { ...next[i]!, flag: s.flag };
      changed.push({ entry: next[i]!, added: false });
    }
  }
  return { next, changed };
}

/**
 * Split the changes so each transaction holds at most 100 items: the brand's Update, an index Put
 * per change, and per added retailer its count Update and a check that the retailer still exists.
 */
function chunks<T extends { added: boolean }>(changed: readonly T[]): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let items = 1;
  for (const c of changed) {
    const cost = c.added ? 3 : 1;
    if (items + cost > MAX_ITEMS) {
      out.push(cur);
      cur = [];
      items = 1;
    }
    cur.push(c);
    items += cost;
  }
  if (cur.length || !out.length) out.push(cur);
  return out;
}

/**
 * PUT /brands/{id} with `retailers` (ADMIN): read the brand (consistent), refuse a stale
 * `expectedVersion` (409), apply the entries, and write the list, `retailersVersion` + 1, the
 * index items of the changed retailers and the counts of the added ones in one TransactWrite
 * conditioned on the version read (and the Brand tab's settings in the same Update when sent).
 * More changes than one transaction holds (~98 flags, ~33 newly listed retailers) go in several transactions, each moving the version by one and
 * leaving list and index in agreement; a failure between them leaves a part applied, which
 * sending the same list again completes. Nothing changed: no write. The brand as it is now.
 */
export async function setBrandRetailers(
  brandId: string,
  sent: readonly { retailer: string; flag: boolean }[],
  opts: { expectedVersion?: number; settings?: { colors?: Colors; company_email_bcc?: string }; now?: Date } = {},
): Promise<BrandRecord> {
  const before = await getBrandNow(brandId);
  if (!before) throw new NotFoundError(BRAND_MSG.brandNotFound);
  const version = before.retailersVersion ?? 0;
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== version) throw new ConflictError(BRAND_MSG.retailersChangedMeanwhile);
  const { next, changed } = applyRetailerFlags(before.retailers, sent);
  const settings = settingsParts(opts.settings ?? {});
  if (!changed.length && !settings.sets.length && !settings.removes.length) return before;
  const now = (opts.now ?? new Date()).toISOString();
  let list = before.retailers.map((e) => ({ ...e }));
  let v = version;
  let after: BrandRecord = before;
  for (const [n, part] of chunks(changed).entries()) {
    // The list as it is once this part is applied (the last part: `next`).
    const done = new Set(part.map((c) => c.entry.retailer));
    list = [...list.map((e) => (done.has(e.retailer) ? next.find((x) => x.retailer === e.retailer)! : e)), ...part.filter((c) => c.added).map((c) => c.entry)];
    const s = n === 0 ? settings : settingsParts({});
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table.name,
          Key: key.brand(brandId),
          UpdateExpression: `SET #r = :list, #v = :next, #u = :now${s.sets.length ? `, ${s.sets.join(', ')}` : ''}${s.removes.length ? ` REMOVE ${s.removes.join(', ')}` : ''}`,
          ConditionExpression: v === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(#v) OR #v = :v)' : 'attribute_exists(pk) AND #v = :v',
          ExpressionAttributeNames: { '#r': 'retailers', '#v': 'retailersVersion', '#u': 'updatedAt', ...s.names },
          ExpressionAttributeValues: { ':list': list, ':next': v + 1, ':v': v, ':now': now, ...s.values },
        },
      },
      ...part.map((c) => indexPut(before, c.entry, now)),
      ...part.filter((c) => c.added).map((c) => countBy(c.entry.retailer, 1)),
      // A retailer deleted since the caller checked the ids: nothing written (its delete conditions on this count, the other way round).
      ...part.filter((c) => c.added).map((c) => ({ ConditionCheck: { TableName: table.name, Key: key.retailer(c.entry.retailer), ConditionExpression: 'attribute_exists(pk)' } })),
    ];
    const checked = part.filter((c) => c.added).map((c) => c.entry.retailer);
    await transactOrConditions(items, (failed) => {
      const gone = failed.filter((i) => i >= items.length - checked.length).map((i) => checked[i - (items.length - checked.length)]!);
      return gone.length && !failed.includes(0) ? new ValidationError(BRAND_MSG.unknownRetailers(gone), [{ path: 'retailers', message: BRAND_MSG.unknownRetailers(gone) }]) : new ConflictError(BRAND_MSG.retailersChangedMeanwhile);
    });
    v += 1;
    after = { ...after, retailers: list, retailersVersion: v, updatedAt: now };
  }
  return (await getBrandNow(brandId)) ?? after;
}

// ── Tests, seeds and the backfill ─────────────────────────────────────────────

/**
 * For lists written before the index existed (the demo seed, a deployed table): Put the index
 * item of every brand × listed retailer (idempotent), Delete index items of brands that no longer
 * list the retailer, and Put each retailer's COUNT with the number counted. Reads every brand and
 * every retailer once: `npm run deploy`'s backfill and the seed, not a request path.
 */
export async function backfillRetailerBrandIndex(brands: readonly BrandRecord[], retailerIds: readonly string[]): Promise<{ brands: number; items: number; removed: number }> {
  const now = new Date().toISOString();
  const wanted = new Map<string, Set<string>>();
  let items = 0;
  for (const b of brands) {
    for (const e of b.retailers) {
      await ddb.send(new PutCommand({ TableName: table.name, Item: indexItem(b, e, now) }));
      items++;
      if (!wanted.has(e.retailer)) wanted.set(e.retailer, new Set());
      wanted.get(e.retailer)!.add(b._id);
    }
  }
  let removed = 0;
  for (const id of new Set([...retailerIds, ...wanted.keys()])) {
    const r = { _id: id };
    const listedBy = wanted.get(r._id) ?? new Set<string>();
    const present = await allRetailerBrands(r._id);
    for (const x of present.filter((x) => !listedBy.has(x.brand))) {
      const b = brands.find((y) => y._id === x.brand);
      await ddb.send(new DeleteCommand({ TableName: table.name, Key: indexKey(r._id, b ?? { _id: x.brand, name: x.brandName }) }));
      removed++;
    }
    await ddb.send(new PutCommand({ TableName: table.name, Item: { ...countKey(r._id), entity: 'Counts', total: listedBy.size } }));
  }
  return { brands: brands.length, items, removed };
}
