/**
 * The Users tab's table (000 §2, §6): User Name, Email Address, Role, Assigned Retailers ('All',
 * or one line with 'view All') and, for brand admins only, Actions (edit; delete, disabled on
 * their own row).
 */
import { roleLabel } from '@shared/constants';
import { USER_MSG } from '@shared/messages/users';
import { Button } from '../../../components/ui/button';
import { Table, type Column } from '../../../components/ui/table';
import '../../../components/ui/table.css';
import type { BrandUserRow } from '../api/users-tab';

export interface UsersTableProps {
  rows: BrandUserRow[];
  busy: boolean;
  /** The brand's retailers' names by id. */
  names: Map<string, string>;
  /** Brand admin (or an ADMIN acting as the brand): the Actions column. */
  manager: boolean;
  /** The signed-in user's id: their own row cannot be deleted. */
  selfId: string;
  onAction: (kind: 'edit' | 'delete' | 'retailers', user: BrandUserRow) => void;
}

export function UsersTable({ rows, busy, names, manager, selfId, onAction }: UsersTableProps) {
  const columns: Column<BrandUserRow>[] = [
    { key: 'name', header: 'User Name', cell: (u) => u.name },
    { key: 'email', header: 'Email Address', className: 'users-tab__email', cell: (u) => u.email },
    { key: 'role', header: 'Role', cell: (u) => u.roles.map((r) => roleLabel(r.name)).join(', ') },
    {
      key: 'retailers',
      header: 'Assigned Retailers',
      cell: (u) =>
        u.associated_retailers.length === 0 && !u.hiddenRetailers ? (
          'All'
        ) : (
          <span className="users-tab__retailers">
            <span className="users-tab__retailers-line">
              {[...u.associated_retailers.map((r) => names.get(r._id) ?? ''), ...(u.hiddenRetailers ? [`${u.hiddenRetailers} ${USER_MSG.someRetailersHidden}`] : [])].filter(Boolean).join(', ')}
            </span>
            <button type="button" className="users-tab__link" onClick={() => onAction('retailers', u)} aria-label={`view All assigned retailers of ${u.name}`}>
              view All
            </button>
          </span>
        ),
    },
    ...(manager
      ? [
          {
            key: 'actions',
            header: 'Actions',
            cell: (u: BrandUserRow) => (
              <span className="users-tab__actions">
                <Button variant="outline" size="sm" onClick={() => onAction('edit', u)} aria-label={`Edit ${u.name}`}>
                  Edit
                </Button>
                <Button variant="attention" size="sm" disabled={u._id === selfId} title={u._id === selfId ? USER_MSG.ownDelete : undefined} onClick={() => onAction('delete', u)} aria-label={`Delete ${u.name}`}>
                  Delete
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return <Table caption="Users of the brand" columns={columns} rows={rows} rowKey={(u) => u._id} busy={busy} empty={<p className="users-tab__empty">No users found.</p>} />;
}
