/**
 * What the brand dashboard needs beyond the post office's published periods, for Maison Aurelle
 * (issue 8): flagged products with reasons on the latest period of three retailers, set through
 * the same repo function the flag call uses (`updateProductFields`: the flag index, the period's
 * `flaggedCount` and the tabs' edit log stay right), and a few exports in the export history
 * (made by the export call's own function, as the brand admin). Idempotent: a period that already
 * has flags, or a retailer that already has exports, is left as it is.
 */
import { ROLE } from '../../shared/constants';
import { exportTab } from '../../functions/exports/export-tab';
import { countExports } from '../../functions/exports/exports.repo';
import type { AuthContext } from '../../functions/lib/http/auth';
import { listRetailerPeriods, listVersionProducts, updateProductFields } from '../../functions/scrapings/scrapings.repo';
import { exportFileQuery } from '../../shared/schemas/exports';

const BRAND = 'brand-maison-aurelle';

/** The flag payload of the spec (001 §3): reasons {name, value}, a comment, the price when flagged, the date. */
const FLAGS = [
  { reason: [{ name: 'Price', value: 'Wrong price' }], message: 'Shown below the brand price list.' },
  { reason: [{ name: 'Image Issues', value: 'Image Issues' }], message: 'Old season campaign image.' },
  { reason: [{ name: 'Price', value: 'Discount' }], message: 'Discounted without approval.' },
  { reason: [{ name: 'Other', value: 'Other' }], message: 'Product name misspelled.' },
  { reason: [{ name: 'Price', value: 'Price is missing' }, { name: 'Image Issues', value: 'Image Issues' }], message: '' },
];

/** Retailer → how many products of its latest period to flag. */
export const DEMO_FLAGS: Record<string, number> = { 'ret-harrowgate': 6, 'ret-lumiere': 4, 'ret-northbay': 5 };

/** Retailer → the tabs exported into its history (as the brand admin). */
export const DEMO_EXPORTS: Record<string, Record<string, string>[]> = {
  'ret-harrowgate': [{ price_diff: 'true' }, { filter: 'all_oh' }, { oh_map_id: 'true' }],
  'ret-lumiere': [{ isFlagged: 'yes' }],
};

const brandAdmin: AuthContext = { sub: 'user-brandadmin', role: ROLE.BRAND_ADMIN, brand: BRAND, retailers: [], sv: 0, isAdmin: false };

export async function seedDashboard(log: (m: string) => void = () => undefined): Promise<{ flagged: number; exports: number }> {
  let flagged = 0;
  for (const [retailer, n] of Object.entries(DEMO_FLAGS)) {
    const [latest] = await listRetailerPeriods(BRAND, retailer, 1);
    if (!latest?.version || (latest.flaggedCount ?? 0) > 0) continue;
    const products = (await listVersionProducts(latest._id, latest.version)).filter((p) => p.type !== 'deleted' && p.isFlagged !== 'yes');
    // Spread over the period (every k-th product), so flags show on several pages and tabs.
    const step = Math.max(1, Math.floor(products.length / n));
    for (let i = 0; i < n && i * step < products.length; i++) {
      const p = products[i * step]!;
      const f = FLAGS[i % FLAGS.length]!;
      await updateProductFields(p._id, { isFlagged: 'yes', flagMessage: { ...f, state: { price: p.price }, date: latest.approvedDate ?? new Date().toISOString() } });
      flagged++;
    }
  }
  let exports = 0;
  for (const [retailer, list] of Object.entries(DEMO_EXPORTS)) {
    if ((await countExports(BRAND, retailer)) > 0) continue;
    const [latest] = await listRetailerPeriods(BRAND, retailer, 1);
    if (!latest) continue;
    for (const query of list) {
      // The query as the web sends it, read by the call's own schema.
      await exportTab(brandAdmin, exportFileQuery.parse({ retailer_brand_scraping: latest._id, ...query }));
      exports++;
    }
  }
  if (flagged || exports) log(`Dashboard demo data: ${flagged} flagged product(s), ${exports} export(s) in the history.`);
  return { flagged, exports };
}
