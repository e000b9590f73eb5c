/** The counts of pending files per flag level (001 §2 header): Requires Review, Caution, Unflagged. */
import { FLAG_LEVELS } from '@shared/constants';
import { useFlagValues } from '../api/get-flag-values';
import { FLAG_LABELS } from '../labels';
import '../post-office.css';

export function FlagCounts() {
  const { data } = useFlagValues();
  return (
    <ul className="po-counts" aria-label="Pending files by flag">
      {FLAG_LEVELS.map((flag) => (
        <li key={flag} className={`po-count po-count--${flag}`}>
          <span className="po-count__label">{FLAG_LABELS[flag]}</span>
          <span className="po-count__value" data-testid={`count-${flag}`}>
            {data ? data[flag] : '–'}
          </span>
        </li>
      ))}
    </ul>
  );
}
