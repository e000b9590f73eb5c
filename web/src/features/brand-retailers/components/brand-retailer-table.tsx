/** The User Retailer List's table (001 §2): Name, Allowed Retailer (enabled retailers' names) and an edit action per brand. */
import { Table, type Column } from '../../../components/ui/table';
import type { BrandRow } from '../api/admin-brands';
import { AllowedRetailers } from './allowed-retailers';
import '../../../components/ui/table.css';
import '../brand-retailers.css';

export interface BrandRetailerTableProps {
  rows: BrandRow[];
  /** Retailer names by id (GET /retailers); an id not there yet shows as itself. */
  names: ReadonlyMap<string, string>;
  busy?: boolean;
  onEdit: (b: BrandRow) => void;
}

function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}

/** The brand's enabled retailers' names, by name. */
export function enabledNames(b: Pick<BrandRow, 'retailers'>, names: ReadonlyMap<string, string>): string[] {
  return b.retailers
    .filter((r) => r.flag !== false)
    .map((r) => names.get(r.retailer) ?? r.retailer)
    .sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base' }));
}

export function BrandRetailerTable({ rows, names, busy = false, onEdit }: BrandRetailerTableProps) {
  const columns: Column<BrandRow>[] = [
    { key: 'name', header: 'Name', className: 'brand-retailers__name', cell: (b) => b.name },
    { key: 'allowed', header: 'Allowed Retailer', className: 'brand-retailers__allowed-cell', cell: (b) => <AllowedRetailers names={enabledNames(b, names)} label={b.name} /> },
    {
      key: 'edit',
      header: <span className="sr-only">Edit</span>,
      className: 'brand-retailers__action',
      cell: (b) => (
        <button type="button" className="table-action" aria-label={`Edit the retailers of ${b.name}`} title="Edit" onClick={() => onEdit(b)}>
          <EditIcon />
        </button>
      ),
    },
  ];
  return (
    <Table<BrandRow>
      caption="User Retailer List"
      columns={columns}
      rows={rows}
      rowKey={(b) => b._id}
      busy={busy}
      empty={<p className="brand-retailers__empty">No brands yet.</p>}
      className="table data-table brand-retailers__table"
      wrapClassName="table-wrap table-frame"
      wrapLabel="Brands"
    />
  );
}
