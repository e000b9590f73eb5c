import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '../../shared/messages';
import { foldName } from '../../shared/slug';
import type { Brand, Colors } from '../../shared/types';
import type { CarryingBrand } from '../scrapings';
import { syncBrandIndex } from './retailer-index';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError } from '../lib/http/errors';
import { gsi1Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { clean, failedConditions, isConditionFailed, key, queryAll, queryCount, sortName, table } from '../lib/table';

export type BrandRecord = Brand & { createdAt: string; updatedAt: string };

/** GetItem pk=BRAND#id, sk=BRAND */
export async function getBrand(id: string): Promise<BrandRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.brand(id) }));
  return out.Item ? (clean<BrandRecord>(out.Item)) : undefined;
}

/** GetItem pk=SLUG#BRAND#slug (the reservation) → GetItem of the brand it names */
export async function getBrandBySlug(slug: string): Promise<BrandRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.slug('BRAND', slug), ConsistentRead: true }));
  const brandId = out.Item?.brandId as string | undefined;
  return brandId ? getBrand(brandId) : undefined;
}

/** Query gsi1 pk=BRANDS (sorted by name) */
export async function listBrands(): Promise<BrandRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'BRANDS' },
  });
  return items.map((i) => clean<BrandRecord>(i));
}

const byNameSource = gsi1Partition('BRANDS');

/** Query gsi1 pk=BRANDS by name: one page (cursor, or `skip` items first for a page asked by number) */
export async function pageBrandsByName(r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<BrandRecord>> {
  const out = await queryPage<Record<string, unknown>>({ sources: [byNameSource], ascending: true, ...r });
  return { ...out, items: out.items.map((i) => clean<BrandRecord>(i)) };
}

/** Query gsi1 pk=BRANDS, Select COUNT: the number of brands (keys only; brands are few, registration adds them) */
export async function countBrands(): Promise<number> {
  return queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'BRANDS' } });
}

/**
 * The brands whose retailer list has this retailer enabled (Brand.retailers[].flag). Here, not in
 * the approval's scrapings/apply.ts, so that a read (the on-hand call) does not bundle what
 * approving a file needs (the S3 pages).
 */
export async function carryingBrands(retailer: string): Promise<CarryingBrand[]> {
  const brands = await listBrands();
  return brands
    .filter((b) => b.retailers.some((r) => r.retailer === retailer && r.flag !== false))
    .map((b) => ({ _id: b._id, name: b.name, slug: b.slug }));
}

/**
 * The writes that create a brand: the record, its slug reservation and its name reservation,
 * each reservation only if absent or already this brand's (so re-putting the same brand is a
 * no-op, and no other brand can take its slug or a look-alike name). For one TransactWrite.
 */
export function brandCreateItems(b: BrandRecord) {
  const owned = { ConditionExpression: 'attribute_not_exists(pk) OR brandId = :id', ExpressionAttributeValues: { ':id': b._id } };
  return [
    {
      Put: {
        TableName: table.name,
        Item: { ...key.brand(b._id), entity: 'Brand', gsi1pk: 'BRANDS', gsi1sk: `${sortName(b.name)}#${b._id}`, ...b },
        ConditionExpression: 'attribute_not_exists(pk) OR #id = :id',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: { ':id': b._id },
      },
    },
    { Put: { TableName: table.name, Item: { ...key.slug('BRAND', b.slug), entity: 'BrandSlug', brandId: b._id, slug: b.slug }, ...owned } },
    { Put: { TableName: table.name, Item: { ...key.brandName(brandNameKey(b.name)), entity: 'BrandName', brandId: b._id, name: b.name }, ...owned } },
  ];
}

/** The folded display name two brands may not share (falls back to the trimmed name when nothing is left). */
export const brandNameKey = (name: string): string => foldName(name) || name.trim().toLowerCase();

/**
 * TransactWrite: Put BRAND#id + Put SLUG#BRAND#slug + Put BRANDNAME#folded (reservations only if
 * free or this brand's), then the index of brands per retailer brought in line with its list
 * (retailer-index.ts). Tests and seeds: an admin's change of the list is setBrandRetailers.
 */
export async function putBrand(b: BrandRecord): Promise<void> {
  const before = await getBrand(b._id);
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: brandCreateItems(b) }));
  } catch (e) {
    if (failedConditions(e)?.length) throw new ConflictError(MSG.brandNameTaken);
    throw e;
  }
  await syncBrandIndex(b, before);
}

/** The brand Update's SET / REMOVE parts for the Brand tab's settings (whichever are given). */
export function settingsParts(s: { colors?: Colors; company_email_bcc?: string }) {
  const sets: string[] = [];
  const removes: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (s.colors) {
    sets.push('#c = :c');
    names['#c'] = 'colors';
    values[':c'] = { bgColor: s.colors.bgColor, textColor: s.colors.textColor, hoverColor: s.colors.hoverColor, summaryPageSectionColor: s.colors.summaryPageSectionColor };
  }
  if (s.company_email_bcc !== undefined) {
    names['#b'] = 'company_email_bcc';
    if (s.company_email_bcc) {
      sets.push('#b = :b');
      values[':b'] = s.company_email_bcc;
    } else removes.push('#b');
  }
  return { sets, removes, names, values };
}

/**
 * UpdateItem BRAND#id (condition: it exists): the Brand tab's settings, whichever are given; an
 * empty company BCC removes it. The brand as it is now, or undefined when there is no such brand.
 */
export async function updateBrandSettings(id: string, s: { colors?: Colors; company_email_bcc?: string }, now = new Date()): Promise<BrandRecord | undefined> {
  const p = settingsParts(s);
  const sets = ['#u = :now', ...p.sets];
  const removes = p.removes;
  const names: Record<string, string> = { '#u': 'updatedAt', ...p.names };
  const values: Record<string, unknown> = { ':now': now.toISOString(), ...p.values };
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key.brand(id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? clean<BrandRecord>(out.Attributes) : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
