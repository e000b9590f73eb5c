/** The retailer's other files of the same scan period, each a link to its comparison (001 §2). */
import { Link, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useSamePeriodFiles } from '../api/get-same-period-files';
import { robotTypeLabel } from '../labels';
import { PO_MSG } from '../messages';
import { FlagBadge, StatusBadge } from './file-badges';
import '../post-office.css';

export function SamePeriodFiles({ fileId }: { fileId: string }) {
  const { data, isLoading, error, mutate } = useSamePeriodFiles(fileId);
  const location = useLocation();
  const files = data?.samePeriodFiles ?? [];
  return (
    <section className="po-same" aria-labelledby="same-period-title">
      <h2 id="same-period-title" className="po-section-title">
        Same period files
      </h2>
      {isLoading ? (
        <Spinner label="Loading…" />
      ) : error && !data ? (
        // A failed read is not "no files": say so, and let the admin ask again.
        <p className="po-same__empty" role="alert">
          The same period files could not be loaded.{' '}
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void mutate()}>
            Try again
          </button>
        </p>
      ) : files.length ? (
        <ul className="po-same__list">
          {files.map((f) => (
            <li key={f._id}>
              <Link className="po-same__item" to={paths.admin.comparison(f._id)} state={location.state}>
                <span className="po-same__type">{robotTypeLabel(f.type)}</span>
                <span className="po-same__file">{f.fileName}</span>
                <span className="po-same__date">{formatDate(f.date)}</span>
                <StatusBadge status={f.approvedStatus} />
                <FlagBadge flag={f.flag} />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="po-same__empty">{PO_MSG.noSamePeriod}</p>
      )}
    </section>
  );
}
