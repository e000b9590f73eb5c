/**
 * What the brand dashboard needs beyond the post office's published periods, for Maison Aurelle
 * (issue 8): flagged products with reasons on the latest period of three retailers, set through
 * the same repo function the flag call uses (`updateProductFields`: the flag index, the period's
 * `flaggedCount` and the tabs' edit log stay right), and a few exports in the export history
 * (made by the export call's own function, as the brand admin). Each flag opens its case in the
 * same transaction, as the flag call does (issue 24), and the demo month shows cases in every state
 * the product reaches: open, notified by an email, acknowledged (the retailer marked it fixed
 * through its link) and one with the retailer's note, resolved (fixed by the retailer, dismissed)
 * and one that came back after a fix. Dated from the demo calendar (./demo-calendar.ts): the flags at
 * their period's approval, Harrowgate & Finch's two emailed cases three weeks earlier (flags the
 * scans carried since, unanswered: overdue, so the day's check drafts their second notice), and
 * Lumière Boutique's flags and one notice made the morning the data is made (the Cases panel's month
 * figures read as a live programme even on the 1st); nothing after that moment. Idempotent: a period that already has flags, or a
 * retailer that already has exports, is left as it is.
 */
import { ROLE } from '../../shared/constants';
import { answerStep, caseIdOf, caseWritesFor, flagStep, getCase, keepEvidencePictures, notifyCases, priceGap, resolveStep, stepWritesWithTrend, type Actor, type FlagInput } from '../../functions/cases';
import { exportTab } from '../../functions/exports/export-tab';
import { onHandOf } from '../../functions/scrapings/case-evidence';
import { getCaseSettings, putCaseSettings } from '../../functions/cases';
import { escalateBrand } from '../../functions/contact';
import { transactIf } from '../../functions/lib/table';
import { getUser } from '../../functions/users';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import type { FlagMessage } from '../../shared/schemas/scrapings';
import { countExports } from '../../functions/exports/exports.repo';
import type { AuthContext } from '../../functions/lib/http/auth';
import { listRetailerPeriods, listVersionProducts, updateProductFields } from '../../functions/scrapings/scrapings.repo';
import { exportFileQuery } from '../../shared/schemas/exports';
import { laterBy, type DemoCalendar } from './demo-calendar';

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

export async function seedDashboard(calendar: DemoCalendar, log: (m: string) => void = () => undefined): Promise<{ flagged: number; exports: number }> {
  let flagged = 0;
  const now = calendar.now;
  for (const [retailer, n] of Object.entries(DEMO_FLAGS)) {
    const [latest] = await listRetailerPeriods(BRAND, retailer, 1);
    if (!latest?.version || (latest.flaggedCount ?? 0) > 0) continue;
    const products = (await listVersionProducts(latest._id, latest.version)).filter((p) => p.type !== 'deleted' && p.isFlagged !== 'yes');
    // Spread over the period (every k-th product), so flags show on several pages and tabs.
    const step = Math.max(1, Math.floor(products.length / n));
    for (let i = 0; i < n && i * step < products.length; i++) {
      const p = products[i * step]!;
      const f = FLAGS[i % FLAGS.length]!;
      const approved = latest.approvedDate ?? now;
      const emailed = retailer === 'ret-harrowgate' && (i === 1 || i === 2);
      const at = emailed ? dayAfter(approved, -19) : retailer === 'ret-lumiere' ? thisMorning(approved, now) : approved;
      const flagMessage = { ...f, state: { price: p.price }, date: at };
      const input = await caseInput(p, flagMessage, at, await actor());
      if (retailer === 'ret-harrowgate' && i === 0) await pastCase(input, 'retailer_fixed', '');
      await updateProductFields(p._id, { isFlagged: 'yes', flagMessage }, undefined, async ({ published }) => (published ? caseWritesFor(caseIdOf(BRAND, retailer, p.style_number), (c) => flagStep(c, input)) : []));
      // As the flag call does after its transaction: the case keeps its pictures (evidence/).
      const opened = await getCase(caseIdOf(BRAND, retailer, p.style_number));
      if (opened) await keepEvidencePictures(opened);
      // Harrowgate & Finch was emailed about two of them the day after they were flagged, and never answered.
      if (emailed) {
        await notifyCases([caseIdOf(BRAND, retailer, p.style_number)], { historyId: `demo-email-${i}`, to: ['eleanor.finch@harrowgate.example'], at: dayAfter(at, 1), by: input.by });
      }
      // Lumière Boutique was emailed about the first of this morning's flags.
      if (retailer === 'ret-lumiere' && i === 0) {
        await notifyCases([caseIdOf(BRAND, retailer, p.style_number)], { historyId: 'demo-email-lb-today', to: ['camille.roux@lumiere.example'], at: laterBy(at, 0.01, now), by: input.by });
      }
      // It answered on two through its link: one marked fixed, one with a note.
      if (retailer === 'ret-harrowgate' && (i === 3 || i === 4)) {
        const id = caseIdOf(BRAND, retailer, p.style_number);
        const answer = answerStep(await getCase(id), {
          action: i === 3 ? 'fixed' : 'note',
          note: i === 3 ? 'Corrected on our site this morning.' : 'The new campaign picture goes live next week.',
          at: laterBy(at, 2, now),
          by: { id: 'LINK#demo', name: 'Harrowgate & Finch (retailer)' },
          ref: `demo-${i}`,
        });
        if (answer) await transactIf(await stepWritesWithTrend(answer));
      }
      flagged++;
    }
    // Two cases of this period that ended before it: the retailer fixed one, the brand dismissed the other.
    if (retailer === 'ret-harrowgate') {
      const unflagged = products.filter((p, k) => k % step !== 0).slice(0, 2);
      const at = latest.approvedDate ?? now;
      for (const [k, p] of unflagged.entries()) {
        const input = await caseInput(p, { ...FLAGS[k]!, state: { price: p.price }, date: at }, at, await actor());
        await pastCase(input, k === 0 ? 'retailer_fixed' : 'dismissed', k === 0 ? '' : 'Price agreed with the retailer for the launch week.');
      }
    }
  }
  // The brand escalates overdue cases as a draft to review (Settings → Cases); today's check drafts the second notice of
  // Harrowgate's two emails of the demo month (sent the day after its scan, unanswered for more than 14 days).
  if ((await getCaseSettings(BRAND)).rev === 0) {
    await putCaseSettings(BRAND, { tolerancePercent: 0, toleranceAmount: 0, overdueDays: 14, escalation: 'draft', escalationMessageId: null, rev: 0 }, brandAdmin.sub);
    await escalateBrand(BRAND, calendar.today);
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

let brandAdminActor: Actor | undefined;
async function actor(): Promise<Actor> {
  brandAdminActor ??= { id: brandAdmin.sub, name: (await getUser(brandAdmin.sub))?.name ?? 'Brand Admin' };
  return brandAdminActor;
}

const dayAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

/**
 * The morning the demo is made, in its month: three hours before `now`, but not before the 1st of
 * that month (UTC) nor before the period's approval, and never after `now`.
 */
export function thisMorning(approved: string, now: string): string {
  const end = Date.parse(now);
  const monthStart = Date.parse(`${now.slice(0, 7)}-01T00:00:00Z`);
  const at = Math.max(Date.parse(approved) + 3_600_000, monthStart + 60_000, end - 3 * 3_600_000);
  return new Date(Math.min(at, end - 60_000)).toISOString();
}

/** What a flag of the product at `at` opens: the evidence as the flag call keeps it (functions/scrapings/flags.ts). */
async function caseInput(p: ProductScrape, flagMessage: FlagMessage, at: string, by: Actor): Promise<FlagInput> {
  const onHand = await onHandOf(p);
  return {
    brand: BRAND,
    retailer: p.retailer,
    kind: 'product',
    style_number: p.style_number,
    name: p.name,
    productId: p._id,
    at,
    by,
    evidence: {
      scanDate: p.date,
      periodId: p.retailer_brand_scraping,
      reasons: (flagMessage.reason ?? []).map((r) => ({ name: r.name, value: String(r.value ?? '') })),
      message: flagMessage.message ?? '',
      scraped: { name: p.name, style_number: p.style_number, price: p.price, URL: p.URL ?? '', image: p.image ?? '', screenshot: p.screenshot ?? '', brand_sku: p.brand_sku ?? '' },
      onHand,
      gap: priceGap(p.price, onHand?.price),
    },
  };
}

/** A case that opened three weeks before `input.at` and was resolved two weeks before it (the demo's history). */
async function pastCase(input: FlagInput, resolution: 'retailer_fixed' | 'dismissed', reason: string): Promise<void> {
  const opened = flagStep(undefined, { ...input, at: dayAfter(input.at, -21), evidence: { ...input.evidence, scanDate: dayAfter(input.at, -21).slice(0, 10) } });
  if (!opened || !(await transactIf(await stepWritesWithTrend(opened)))) return; // there already (idempotent)
  const resolved = resolveStep(opened.after, { resolution, reason, at: dayAfter(input.at, -14), by: input.by });
  if (resolved) await transactIf(await stepWritesWithTrend(resolved));
}
