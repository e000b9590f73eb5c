/** The summary stats (000 §3): total products, flagged products and total retailers, each with its change since the previous scan. */
import { formatCount } from '../../../lib/format';
import type { BrandSummary } from '../api/get-brand-summary';
import { Trend } from './trend';

const STATS = [
  { key: 'totalProducts', label: 'Total Products' },
  { key: 'flaggedProducts', label: 'Flagged Products' },
  { key: 'totalRetailers', label: 'Total Retailers' },
] as const;

export function SummaryStats({ summary }: { summary: BrandSummary | undefined }) {
  return (
    <ul className="stats" aria-label="Summary stats" aria-busy={!summary || undefined}>
      {STATS.map((s) => {
        const v = summary?.[s.key];
        return (
          <li key={s.key} className="stats__item">
            <span className="stats__label">{s.label}</span>
            <span className="stats__value">{v ? formatCount(v.current) : '–'}</span>
            {v ? <Trend current={v.current} previous={v.prev} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
