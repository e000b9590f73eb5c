/**
 * Scan periods (RetailerBrandScraping), their product scrapes and the retailer scan info.
 * Key design and access patterns: docs/data-model-scrapings.md.
 *
 *   SCRAPING#<periodId> / SCRAPING            the period           gsi1 BRAND#<b>#PERIODS / <date>#<retailer>
 *                                                                  gsi2 BRAND#<b>#RETAILER#<r>#PERIODS / <date>
 *   SCRAPING#<periodId> / PRODUCT#<key>       a product scrape     gsi1 FLAGGED#<periodId> / <style> (flagged only)
 *                                                                  gsi2 BRAND#<b>#RETAILER#<r>#STYLE#<style> / <date>
 *   SCANINFO#<id> / SCANINFO                  scan info            gsi1 BRAND#<b>#SCANINFO / <retailer>
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { clean, isConditionFailed, queryAll, queryCount, table } from '../lib/table';
import { batchWrite } from './batch';
import { scanInfoIdOf, splitProductId } from './domain/ids';
import type { ProductScrape, UserFields } from './domain/product';
import { featuredInMenuOf, type FeaturedSources } from './domain/scan-info';

/** One brand × retailer × scan period (spec: retailer_brand_scraping; "Scraping info"). */
export interface RetailerBrandScraping {
  _id: string;
  brand: string;
  retailer: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The product file applied to it last. */
  fileId: string;
  totalProducts: number;
  previousTotalProducts: number;
  /** The date of the brand's previous period at this retailer ("Compared to"), null for the first. */
  previousPeriod: string | null;
  previousPeriodId: string | null;
  added: number;
  deleted: number;
  changed: number;
  unchanged: number;
  /** When the file was approved (ISO). */
  approvedDate: string;
  createdAt: string;
  updatedAt: string;
}

/** The retailer scan info of one brand (000 §3), as stored; `featuredInMenu` is derived on read. */
export interface ScanInfoRecord extends FeaturedSources {
  _id: string;
  brand: string;
  retailer: string;
  isFlagged: 'yes' | 'no';
  flagMessage?: unknown;
  /** The latest period applied (product file). */
  periodId?: string;
  productDate?: string;
  totalProducts?: number;
  previousTotalProducts?: number;
  approvedDate?: string;
  nextScanDay?: string;
  siteLink?: string;
  brandLink?: string;
  brand_description?: string;
  brand_logo?: string;
  brand_hero_image?: string;
  brand_screenshot?: string;
  brand_screenshot_large?: string;
  /** Primary menus of the homepage file that feature the brand. */
  featuredMenus?: string[];
  updatedAt: string;
}
export type ScanInfo = ScanInfoRecord & { featuredInMenu: boolean };

const periodKey = (id: string) => ({ pk: `SCRAPING#${id}`, sk: 'SCRAPING' });
const productKey = (periodId: string, key: string) => ({ pk: `SCRAPING#${periodId}`, sk: `PRODUCT#${key}` });
const scanInfoKey = (id: string) => ({ pk: `SCANINFO#${id}`, sk: 'SCANINFO' });
const brandPeriodsPk = (brand: string) => `BRAND#${brand}#PERIODS`;
const retailerPeriodsPk = (brand: string, retailer: string) => `BRAND#${brand}#RETAILER#${retailer}#PERIODS`;
const historyPk = (brand: string, retailer: string, style: string) => `BRAND#${brand}#RETAILER#${retailer}#STYLE#${style}`;
const flaggedPk = (periodId: string) => `FLAGGED#${periodId}`;

function periodItem(p: RetailerBrandScraping) {
  return {
    ...periodKey(p._id),
    entity: 'RetailerBrandScraping',
    gsi1pk: brandPeriodsPk(p.brand),
    gsi1sk: `${p.date}#${p.retailer}`,
    gsi2pk: retailerPeriodsPk(p.brand, p.retailer),
    gsi2sk: p.date,
    ...p,
  };
}

export function productItem(p: ProductScrape) {
  const split = splitProductId(p._id);
  if (!split || split.periodId !== p.retailer_brand_scraping) throw new Error(`Bad product id ${p._id}`);
  return {
    ...productKey(split.periodId, split.productKey),
    entity: 'ProductScrape',
    // Removed products keep their flag data but are not counted (they have no flag control).
    ...(p.isFlagged === 'yes' && p.type !== 'deleted' ? { gsi1pk: flaggedPk(split.periodId), gsi1sk: p.style_number } : {}),
    gsi2pk: historyPk(p.brand, p.retailer, p.style_number),
    gsi2sk: p.date,
    ...p,
  };
}

// ── Periods ─────────────────────────────────────────────────────────────────────

/** GetItem pk=SCRAPING#id, sk=SCRAPING */
export async function getPeriod(id: string): Promise<RetailerBrandScraping | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: periodKey(id), ConsistentRead: true }));
  return out.Item ? clean<RetailerBrandScraping>(out.Item) : undefined;
}

/** PutItem SCRAPING#id / SCRAPING (overwrite: re-applying a period rewrites it) */
export async function putPeriod(p: RetailerBrandScraping): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: periodItem(p) }));
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#PERIODS, newest first (optionally only the newest `limit`) */
export async function listRetailerPeriods(brand: string, retailer: string, limit?: number): Promise<RetailerBrandScraping[]> {
  const input = {
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': retailerPeriodsPk(brand, retailer) },
    ScanIndexForward: false,
  };
  if (limit === undefined) return (await queryAll<Record<string, unknown>>(input)).map((i) => clean<RetailerBrandScraping>(i));
  const out = await ddb.send(new QueryCommand({ TableName: table.name, ...input, Limit: limit }));
  return (out.Items ?? []).map((i) => clean<RetailerBrandScraping>(i));
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#PERIODS, sk < date, newest first, Limit 1: the previous period */
export async function findPreviousPeriod(brand: string, retailer: string, date: string): Promise<RetailerBrandScraping | undefined> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: table.gsi2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :d',
      ExpressionAttributeValues: { ':pk': retailerPeriodsPk(brand, retailer), ':d': date },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return out.Items?.[0] ? clean<RetailerBrandScraping>(out.Items[0]) : undefined;
}

/** Query gsi1 pk=BRAND#b#PERIODS, newest first (every retailer's periods of a brand; id, retailer, date only) */
export async function listBrandPeriods(brand: string): Promise<Pick<RetailerBrandScraping, '_id' | 'retailer' | 'date'>[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': brandPeriodsPk(brand) },
    ExpressionAttributeNames: { '#id': '_id', '#r': 'retailer', '#d': 'date' },
    ProjectionExpression: '#id, #r, #d',
    ScanIndexForward: false,
  });
  return items as Pick<RetailerBrandScraping, '_id' | 'retailer' | 'date'>[];
}

// ── Product scrapes ─────────────────────────────────────────────────────────────

/** Query pk=SCRAPING#periodId, sk begins_with PRODUCT# (consistent read): every product of a period */
export async function listPeriodProducts(periodId: string): Promise<ProductScrape[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':p': 'PRODUCT#' },
    ConsistentRead: true,
  });
  return items.map((i) => clean<ProductScrape>(i));
}

/** GetItem pk=SCRAPING#<first half of id>, sk=PRODUCT#<second half> */
export async function getProduct(id: string): Promise<ProductScrape | undefined> {
  const split = splitProductId(id);
  if (!split) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: productKey(split.periodId, split.productKey), ConsistentRead: true }));
  return out.Item ? clean<ProductScrape>(out.Item) : undefined;
}

/** BatchWriteItem: PutItem SCRAPING#periodId / PRODUCT#key for each product */
export async function putProducts(products: readonly ProductScrape[]): Promise<void> {
  await batchWrite(products.map((p) => ({ PutRequest: { Item: productItem(p) } })));
}

/** BatchWriteItem: DeleteItem SCRAPING#periodId / PRODUCT#key for each product id */
export async function deleteProducts(ids: readonly string[]): Promise<void> {
  await batchWrite(
    ids.map((id) => {
      const split = splitProductId(id)!;
      return { DeleteRequest: { Key: productKey(split.periodId, split.productKey) } };
    }),
  );
}

/**
 * UpdateItem SCRAPING#periodId / PRODUCT#key (only an existing product): set user fields
 * (undefined or null removes one); setting isFlagged also moves the product in or out of the
 * FLAGGED# index. Flag calls must go through here so flagged counts stay right.
 */
export async function updateProductFields(id: string, fields: Partial<UserFields>): Promise<ProductScrape | undefined> {
  const split = splitProductId(id);
  if (!split) return undefined;
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#updatedAt = :now'];
  const removes: string[] = [];
  Object.entries(fields).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    if (v === undefined || v === null) removes.push(`#f${i}`);
    else {
      values[`:v${i}`] = v;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  if (fields.isFlagged === 'yes') {
    Object.assign(names, { '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk', '#style': 'style_number' });
    values[':g1pk'] = flaggedPk(split.periodId);
    sets.push('#g1pk = :g1pk', '#g1sk = #style');
  } else if (fields.isFlagged === 'no') {
    Object.assign(names, { '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk' });
    removes.push('#g1pk', '#g1sk');
  }
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: productKey(split.periodId, split.productKey),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? clean<ProductScrape>(out.Attributes) : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/** Query gsi1 pk=FLAGGED#periodId, Select COUNT: flagged products of a period */
export function countFlaggedProducts(periodId: string): Promise<number> {
  return queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': flaggedPk(periodId) } });
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#STYLE#style, newest first: one product across periods */
export async function listProductHistory(brand: string, retailer: string, styleNumber: string): Promise<ProductScrape[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': historyPk(brand, retailer, styleNumber) },
    ScanIndexForward: false,
  });
  return items.map((i) => clean<ProductScrape>(i));
}

// ── Retailer scan info ──────────────────────────────────────────────────────────

const withFeatured = (r: ScanInfoRecord): ScanInfo => ({ ...r, featuredInMenu: featuredInMenuOf(r) });

/** GetItem pk=SCANINFO#<scanInfoIdOf(brand, retailer)> */
export async function getScanInfo(brand: string, retailer: string): Promise<ScanInfo | undefined> {
  return getScanInfoById(scanInfoIdOf(brand, retailer));
}

/** GetItem pk=SCANINFO#id, sk=SCANINFO */
export async function getScanInfoById(id: string): Promise<ScanInfo | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: scanInfoKey(id), ConsistentRead: true }));
  return out.Item ? withFeatured(clean<ScanInfoRecord>(out.Item)) : undefined;
}

/** Query gsi1 pk=BRAND#b#SCANINFO (every retailer's scan info of a brand) */
export async function listScanInfos(brand: string): Promise<ScanInfo[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `BRAND#${brand}#SCANINFO` },
  });
  return items.map((i) => withFeatured(clean<ScanInfoRecord>(i)));
}

type ScanInfoSource = 'productDate' | 'brandPageDate' | 'homepageDate';

/**
 * UpdateItem SCANINFO#id (created if absent), only when the item has no `source` date or an
 * older or equal one: a late approval of an older file never overwrites a newer scan.
 * Returns false when a newer file already set these fields.
 */
export async function upsertScanInfo(
  brand: string,
  retailer: string,
  source: ScanInfoSource,
  date: string,
  fields: Partial<Omit<ScanInfoRecord, '_id' | 'brand' | 'retailer' | 'isFlagged' | 'updatedAt' | ScanInfoSource>>,
): Promise<boolean> {
  const id = scanInfoIdOf(brand, retailer);
  const names: Record<string, string> = { '#src': source, '#id': '_id', '#brand': 'brand', '#retailer': 'retailer', '#flag': 'isFlagged', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':date': date,
    ':id': id,
    ':brand': brand,
    ':retailer': retailer,
    ':no': 'no',
    ':now': new Date().toISOString(),
    ':entity': 'ScanInfo',
    ':g1pk': `BRAND#${brand}#SCANINFO`,
  };
  const sets = [
    '#src = :date',
    '#id = :id',
    '#brand = :brand',
    '#retailer = :retailer',
    '#flag = if_not_exists(#flag, :no)',
    '#updatedAt = :now',
    'entity = :entity',
    'gsi1pk = :g1pk',
    'gsi1sk = :retailer',
  ];
  const removes: string[] = [];
  Object.entries(fields).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    if (v === undefined) removes.push(`#f${i}`);
    else {
      values[`:v${i}`] = v;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: scanInfoKey(id),
        ConditionExpression: 'attribute_not_exists(#src) OR #src <= :date',
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}
