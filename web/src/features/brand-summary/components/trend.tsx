/** A count with how it moved since the previous scan (▲ up, ▼ down, or no change). */
import { formatCount } from '../../../lib/format';
import { trendOf } from '../retailer-rules';

export function Trend({ current, previous, label = 'since the previous scan' }: { current: number; previous: number; label?: string }) {
  const t = trendOf(current, previous);
  const text = t.direction === 'same' ? 'No change' : `${t.direction === 'up' ? '+' : '−'}${formatCount(t.change)}`;
  return (
    <span className={`trend trend--${t.direction}`} title={`${text} ${label}`}>
      <span aria-hidden="true">{t.direction === 'up' ? '▲ ' : t.direction === 'down' ? '▼ ' : ''}</span>
      {text}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
