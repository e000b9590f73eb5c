/** Cells of the product tables shared by the tabs: change type, changed-from values, flag reasons. */
import { useState } from 'react';
import { flagMessageSchema, type FlagMessage, type ProductScrapeRow } from '@shared/schemas/scrapings';
import { formatCurrency, formatTableDate } from '../../../lib/format';

/** The flag payload of a product, when it reads as one (the flag tools own its shape). */
export function flagMessageOf(value: unknown): FlagMessage | undefined {
  const parsed = flagMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** 'Price: Wrong price, Other' from the reasons ticked ('name: value' when the value is a chosen option, else the name). */
export function flagReasonsText(m: FlagMessage | undefined): string[] {
  return (m?.reason ?? []).map((r) => (typeof r.value === 'string' && r.value.trim() && r.value !== 'true' && r.value !== r.name ? `${r.name}: ${r.value}` : r.name));
}

/** Since last scan (000 §2): 'New!' green, 'Removed' red, 'Product Updated'. */
export function ChangeType({ type }: { type: ProductScrapeRow['type'] }) {
  if (type === 'added') return <span className="change change--added">New!</span>;
  if (type === 'deleted') return <span className="change change--deleted">Removed</span>;
  if (type === 'change') return <span className="change change--updated">Product Updated</span>;
  return <span className="muted">N/A</span>;
}

const CHANGE_LABELS: Record<string, string> = {
  name: 'Name',
  price: 'Price',
  image: 'Image',
  URL: 'URL',
  brand_sku: 'Brand Sku',
  product_description: 'Description',
  shoppability: 'Shoppability',
};

/** Changed From: the old value of each changed field. */
export function ChangedFrom({ change }: { change: ProductScrapeRow['change'] }) {
  const entries = Object.entries(change ?? {});
  if (!entries.length) return <span className="muted">N/A</span>;
  return (
    <ul className="changed-from">
      {entries.map(([k, v]) => (
        <li key={k}>
          <span className="changed-from__field">{CHANGE_LABELS[k] ?? k}:</span> {k === 'price' ? formatCurrency(typeof v === 'number' ? v : null) : v === null || v === '' ? 'N/A' : String(v)}
        </li>
      ))}
    </ul>
  );
}

/** Flag Reason/Comment with a Read more toggle for long texts (Flagged Products tab). */
export function FlagReason({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const m = flagMessageOf(value);
  const reasons = flagReasonsText(m);
  const text = [reasons.join(', '), m?.message ?? ''].filter(Boolean).join(' — ');
  if (!text) return <span className="muted">N/A</span>;
  const long = text.length > 80;
  return (
    <div className="flag-reason">
      <span>{long && !open ? `${text.slice(0, 80)}…` : text}</span>
      {long ? (
        <button type="button" className="link flag-reason__more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Read less' : 'Read more'}
        </button>
      ) : null}
    </div>
  );
}

/** Price of the Flagged Products tab: CURRENT plus the price and date when it was flagged (MM/DD/YY). */
export function FlaggedPrice({ price, flag }: { price: number | null; flag: unknown }) {
  const m = flagMessageOf(flag);
  const at = m?.state?.price;
  return (
    <div className="flagged-price">
      <div>
        <span className="flagged-price__label">CURRENT</span> {formatCurrency(price)}
      </div>
      {at !== undefined || m?.date ? (
        <div className="muted">
          Flagged: {formatCurrency(at ?? null)} on {formatTableDate(m?.date)}
        </div>
      ) : null}
    </div>
  );
}
