/**
 * The counters of the post-office header (001 §2): Requires Review, Caution and Unflagged files of
 * what the list shows (its status and retailer; docs/decisions.md "Post office"), under a caption
 * saying so: each counter is the list's total with that flag chosen.
 */
import { useId } from 'react';
import { FLAG_LEVELS } from '@shared/constants';
import { formatCount } from '../../../lib/format';
import { useFlagValues } from '../api/get-flag-values';
import { FLAG_LABELS, flagCountsCaption } from '../labels';
import type { ListFilesParams } from '../types';
import '../post-office.css';

export function FlagCounts({ query }: { query: Pick<ListFilesParams, 'approvedStatus' | 'name' | 'fileName'> }) {
  const { data } = useFlagValues(query);
  const captionId = useId();
  return (
    <section className="po-counts-box" aria-labelledby={captionId}>
      <p id={captionId} className="po-counts__caption">
        {flagCountsCaption(query)}
      </p>
      <ul className="po-counts">
        {FLAG_LEVELS.map((flag) => (
          <li key={flag} className={`po-count po-count--${flag}`}>
            <span className="po-count__label">{FLAG_LABELS[flag]}</span>
            <span className="po-count__value" data-testid={`count-${flag}`}>
              {data ? formatCount(data[flag]) : '–'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
