/** The Retailer List's table (001 §2): Name, Opt ID, Slug, Website, and an edit and a delete action per row. */
import { RETAILER_MSG } from '@shared/messages/retailers';
import { Table, type Column } from '../../../components/ui/table';
import type { RetailerRow } from '../api/admin-retailers';
import '../../../components/ui/table.css';
import '../retailers.css';

export interface RetailerTableProps {
  rows: RetailerRow[];
  busy?: boolean;
  onEdit: (r: RetailerRow) => void;
  onDelete: (r: RetailerRow) => void;
}

function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

export function RetailerTable({ rows, busy = false, onEdit, onDelete }: RetailerTableProps) {
  const columns: Column<RetailerRow>[] = [
    { key: 'name', header: 'Name', className: 'retailers__name', cell: (r) => r.name },
    { key: 'optId', header: 'Opt ID', cell: (r) => r.optId },
    { key: 'slug', header: 'Slug', className: 'retailers__slug', cell: (r) => <code>{r.slug}</code> },
    {
      key: 'website',
      header: 'Website',
      className: 'retailers__website',
      cell: (r) => (
        <a href={r.website} target="_blank" rel="noopener noreferrer">
          {r.website}
        </a>
      ),
    },
    {
      key: 'edit',
      header: <span className="sr-only">Edit</span>,
      className: 'retailers__action',
      cell: (r) => (
        <button type="button" className="table-action" aria-label={`Edit ${r.name}`} title="Edit" onClick={() => onEdit(r)}>
          <EditIcon />
        </button>
      ),
    },
    {
      key: 'delete',
      header: <span className="sr-only">Delete</span>,
      className: 'retailers__action',
      cell: (r) => (
        <button type="button" className="table-action table-action--danger" aria-label={`Delete ${r.name}`} title="Delete" onClick={() => onDelete(r)}>
          <TrashIcon />
        </button>
      ),
    },
  ];
  return (
    <Table<RetailerRow>
      caption="Retailer List"
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      busy={busy}
      empty={<p className="retailers__empty">{RETAILER_MSG.empty}</p>}
      className="table data-table retailers__table"
      wrapClassName="table-wrap table-frame"
      wrapLabel="Retailers"
    />
  );
}
