/**
 * One chunk of a run: the period version's products whose key starts in the chunk's range, each
 * matched to the catalogue and checked (domain/checks.ts) with its pictures' fingerprints (each
 * picture fetched and hashed once, pictures.ts), dismissed content left out, the rest stored as
 * suggestions with the chunk's figures (content.repo.ts). Memory holds one chunk (~2,000 products).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CatalogEntry, Finding, Market, PictureHash } from '../../shared/content';
import { getCatalogEntries } from '../catalog';
import { ddb } from '../lib/clients/dynamodb';
import { table } from '../lib/table';
import { getRetailer } from '../retailers';
import type { ProductScrape } from '../scrapings';
import { dismissedKeys, getContentSettings, getRun, recordChunk, type RunRecord, type Suggestion } from './content.repo';
import { checkProduct, matchCatalogKeys, type ProductForChecks } from './domain/checks';
import { colorDistance, pictureDistance } from './domain/picture-hash';
import { hashPictures } from './pictures';
import { chunkSkRange, type Chunk } from './workflow/chunks';

/** A product's pictures checked at most (the first ones: a gallery's later shots are details). */
export const PICTURES_PER_PRODUCT = 4;
const DISTANCES = { distance: pictureDistance, colorDistance };

type Stored = ProductScrape & { price_currency?: string | null };

/** The products of a chunk: Query pk=SCRAPING#<period>, sk BETWEEN the chunk's range (consistent), a page at a time. */
async function chunkProducts(run: RunRecord, chunk: Pick<Chunk, 'from' | 'to'>): Promise<Stored[]> {
  const { lo, hi } = chunkSkRange(run.version, chunk);
  const out: Stored[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': `SCRAPING#${run.periodId}`, ':lo': lo, ':hi': hi },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    for (const i of page.Items ?? []) if ((i as Stored).type !== 'deleted') out.push(i as Stored);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

const picturesOf = (p: Stored): string[] => {
  const all = [p.image, ...String(p.imageUrl ?? '').split('|')].map((s) => String(s ?? '').trim()).filter(Boolean);
  return [...new Set(all)].slice(0, PICTURES_PER_PRODUCT);
};

export async function checkChunk(runId: string, chunk: Chunk): Promise<{ checked: number; found: number; added: boolean }> {
  const run = await getRun(runId);
  if (!run) throw new Error(`Content run ${runId} does not exist.`);
  const [products, { settings }, retailer] = await Promise.all([chunkProducts(run, chunk), getContentSettings(run.brand), getRetailer(run.retailer)]);
  // The retailer's own market, else the brand's home market (Settings).
  const market = (retailer as { market?: Market } | undefined)?.market ?? settings.market ?? undefined;

  // The catalogue entries these products may match, in one BatchGet round.
  const keysOf = new Map(products.map((p) => [p._id, matchCatalogKeys({ brand_sku: p.brand_sku ?? '', oh_map_id: p.oh_map_id ?? '', style_number: p.style_number })]));
  const entries = await getCatalogEntries(run.brand, run.catalogVersion, [...new Set([...keysOf.values()].flat())]);
  const entryOf = (p: Stored): { entry?: CatalogEntry; sku: string } => {
    const keys = keysOf.get(p._id) ?? [];
    for (const k of keys) {
      const e = entries.get(k);
      if (e) return { entry: e, sku: e.sku };
    }
    return { sku: p.brand_sku || '' };
  };

  // Every picture once: the retailer's and the official ones of the matched entries.
  const refs = new Set<string>();
  if (settings.checks.images) {
    for (const p of products) {
      for (const r of picturesOf(p)) refs.add(r);
      const { entry } = entryOf(p);
      for (const r of [...(entry?.images ?? []), ...(entry?.retiredImages ?? [])]) refs.add(r);
    }
  }
  const hashes = refs.size ? await hashPictures([...refs]) : new Map<string, PictureHash | { error: string }>();
  const hashOf = (ref: string): PictureHash | undefined => {
    const h = hashes.get(ref);
    return h && 'sha256' in h ? h : undefined;
  };

  const found: { p: Stored; f: Finding }[] = [];
  for (const p of products) {
    const { entry, sku } = entryOf(p);
    const product: ProductForChecks = {
      styleNumber: p.style_number,
      sku,
      name: p.name ?? '',
      description: p.product_description ?? '',
      price: typeof p.price === 'number' ? { amount: p.price, currency: p.price_currency || market?.currency || '' } : null,
      pictures: settings.checks.images ? picturesOf(p).map((ref) => ({ ref, hash: hashOf(ref), sha256: hashOf(ref)?.sha256 })) : [],
    };
    const official = {
      current: (entry?.images ?? []).map(hashOf).filter((h): h is PictureHash => !!h),
      retired: (entry?.retiredImages ?? []).map(hashOf).filter((h): h is PictureHash => !!h),
    };
    for (const f of checkProduct({ product, entry, official, market, settings, distances: DISTANCES })) found.push({ p, f });
  }

  const dismissed = await dismissedKeys(run.brand, run.retailer, found.map((x) => x.f.contentKey));
  const suggestions: Omit<Suggestion, '_id' | 'runId'>[] = found
    .filter((x) => !dismissed.has(x.f.contentKey))
    .map(({ p, f }) => ({
      periodId: run.periodId,
      brand: run.brand,
      retailer: run.retailer,
      productId: p._id,
      productName: p.name ?? '',
      finding: f,
      // A product already flagged is in a case: its findings are counted as flagged, not proposed again.
      status: p.isFlagged === 'yes' ? 'flagged' : 'open',
    }));
  const added = await recordChunk(run, chunk.n, { checked: products.length, suggestions });
  return { checked: products.length, found: suggestions.length, added };
}
