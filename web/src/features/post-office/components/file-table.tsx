/**
 * The robot files of the post office (001 §2): file name, name, Robot Type, date (MM/DD/YYYY),
 * the approved-status badge and the flag class. A click on a row opens its comparison.
 */
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { robotTypeLabel } from '../labels';
import { PO_MSG } from '../messages';
import type { PoFile } from '../types';
import { FlagBadge, StatusBadge } from './file-badges';
import '../../../components/ui/table.css';
import '../post-office.css';

export function FileTable({ files, busy }: { files: PoFile[]; busy?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  if (!files.length) {
    return (
      <div className="table-frame">
        <p className="po-empty">{PO_MSG.noFiles}</p>
      </div>
    );
  }
  return (
    <div className={`table-frame${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <table className="data-table po-table">
        <thead>
          <tr>
            <th scope="col">File Name</th>
            <th scope="col">Name</th>
            <th scope="col">Robot Type</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Flag</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f._id} className={`po-row po-row--${f.flag}`} data-file-id={f._id} onClick={() => navigate(paths.admin.comparison(f._id), { state: { from } })}>
              <td className="po-row__file">
                <Link to={paths.admin.comparison(f._id)} state={{ from }} onClick={(e) => e.stopPropagation()} title={f.fileName}>
                  {f.fileName}
                </Link>
                {f.error ? <span className="po-row__error">Unreadable file</span> : null}
              </td>
              <td>
                <span className="po-row__slug">{f.name}</span>
                <span className="po-row__retailer">{f.retailerName}</span>
              </td>
              <td>{robotTypeLabel(f.type)}</td>
              <td className="po-row__date">{formatDate(f.date)}</td>
              <td>
                <StatusBadge status={f.approvedStatus} />
              </td>
              <td>
                <FlagBadge flag={f.flag} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
