/**
 * The demo's content checks (issue 38): Maison Aurelle's catalogue (golden record, with its
 * official packshots) dropped as a brand's feed drops it, after the month is filed and the
 * dashboard's flags are set, so the checks of each retailer's latest scan run through the real
 * ingest and state machine. Northbay Luxury's scan then proposes each kind the catalogue plants
 * (./demo-files.ts demoCatalogue), the retailers' repriced styles show against the MSRP, a
 * product the dashboard flagged counts as flagged, and one suggestion is dismissed with its
 * reason. The brand's home market (US · USD) is its content settings'. Idempotent: a demo that
 * has its catalogue is left as it is.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_CONTENT_SETTINGS } from '../../shared/content';
import type { DemoCalendar } from './demo-calendar';
import { demoFiles } from './demo-files';
import { checksIdle } from './workflow';

const BRAND = 'brand-maison-aurelle';


export async function seedContent(s3: S3Client, bucket: string, o: { scale: number; calendar: DemoCalendar; idle: () => Promise<void>; log: (m: string) => void; storePicture: (key: string, body: string) => Promise<void> }): Promise<void> {
  const { getCurrentCatalog } = await import('../../functions/catalog');
  if (await getCurrentCatalog(BRAND)) return;
  const started = Date.now();
  const repo = await import('../../functions/content/content.repo');
  await repo.putContentSettings(BRAND, { ...DEFAULT_CONTENT_SETTINGS, market: { country: 'US', currency: 'USD' } }, 0, 'demo');
  // The styles the dashboard flagged at Northbay Luxury: one of them is planted under its MSRP, so its suggestion counts as flagged.
  const { listRetailerPeriods, listVersionProducts } = await import('../../functions/scrapings/scrapings.repo');
  const [latest] = await listRetailerPeriods(BRAND, 'ret-northbay', 1);
  const flaggedSkus = new Set(latest?.version ? (await listVersionProducts(latest._id, latest.version)).filter((p) => p.isFlagged === 'yes' && p.brand_sku).map((p) => p.brand_sku!) : []);
  const { catalogue, planted } = demoFiles(o.scale, o.calendar, { flaggedSkus });
  for (const p of catalogue.pictures) await o.storePicture(p.key, p.body);
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: catalogue.key, Body: catalogue.body, ContentType: 'text/csv' }));
  // The ingest applies it and starts the checks of every retailer's latest scan: wait for both.
  for (let i = 0; i < 3; i++) {
    await o.idle();
    await checksIdle();
  }
  // One suggestion dismissed, with its reason: the product not in the catalogue is a style the brand sells through this retailer only.
  const { scanInfoIdOf, getScanInfoById, refreshBrandRow } = await import('../../functions/scrapings');
  const info = await getScanInfoById(scanInfoIdOf(BRAND, 'ret-northbay'));
  const state = info?.periodId ? await repo.getContentState(info.periodId) : undefined;
  let open = 0;
  let flagged = 0;
  if (state?.runId) {
    const page = await repo.pageSuggestions(state.runId, 'open', { limit: 100 });
    const missing = page.items.find((s) => s.finding.kind === 'not-in-catalog' && s.finding.evidence.sku === planted.notInCatalog) ?? page.items.find((s) => s.finding.kind === 'not-in-catalog');
    if (missing) {
      await repo.decideSuggestion(missing, 'dismissed', 'user-brandadmin', 'An exclusive style Northbay Luxury sells under licence; not in the public catalogue.');
      // The Retailer List's count follows, as the Dismiss route's does.
      await refreshBrandRow(BRAND, 'ret-northbay');
    }
    const run = await repo.getRun(state.runId);
    [open, flagged] = [run?.open ?? 0, run?.flagged ?? 0];
  }
  o.log(`Catalogue of Maison Aurelle applied and every latest scan checked in ${((Date.now() - started) / 1000).toFixed(1)} s (Northbay Luxury: ${open} open suggestion(s), ${flagged} flagged, 1 dismissed).`);
}
