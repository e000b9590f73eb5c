/**
 * Settings → Users (000 §2, §6, §9): the brand's users, 10 a page by name (server-paged), with
 * User Name, Email Address, Role, Assigned Retailers ('All', or one line with 'view All' opening
 * the assigned-retailers modal: editable for brand admins, read-only for everyone else) and, for
 * BRAND_ADMIN (or an ADMIN acting as the brand) only, Actions (edit; delete, disabled on their
 * own row), 'Add New User' and 'Invite Member'.
 */
import { useState } from 'react';
import { PAGE, roleLabel } from '@shared/constants';
import { USER_MSG } from '@shared/messages/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import '../../../components/ui/table.css';
import { effectiveBrand, isAdmin, isBrandAdmin } from '../../../lib/access';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { useBrandUsers, useDeleteUser, useEditUser, useUsersTabRetailers, type BrandUserRow } from '../api/users-tab';
import { AssignedRetailersModal } from './assigned-retailers-modal';
import { InviteMemberModal } from './invite-member-modal';
import { UserFormModal } from './user-form-modal';
import '../users.css';

type Dialog =
  | { kind: 'add'; email?: string }
  | { kind: 'edit'; user: BrandUserRow }
  | { kind: 'delete'; user: BrandUserRow }
  | { kind: 'retailers'; user: BrandUserRow }
  | { kind: 'invite' }
  | null;

export function UsersTab({ session }: { session: Session }) {
  const brandId = effectiveBrand(session)?._id;
  const actingBrand = isAdmin(session.user) ? brandId : undefined;
  const manager = isBrandAdmin(session.user);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useBrandUsers(brandId, page);
  const retailers = useUsersTabRetailers(brandId);
  const remove = useDeleteUser(actingBrand);
  const assign = useEditUser(actingBrand);
  const names = new Map((retailers.data?.data ?? []).map((r) => [r._id, r.name]));
  const rows = list.data?.data ?? [];
  const totalPages = Math.ceil((list.data?.totalCount ?? 0) / PAGE.users);

  const confirmDelete = async (user: BrandUserRow) => {
    try {
      await remove.trigger(user._id);
      notify.success(USER_MSG.userDeleted);
      setDialog(null);
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (e) {
      handleError(e);
    }
  };

  const saveRetailers = async (user: BrandUserRow, ids: string[]) => {
    try {
      await assign.trigger({ id: user._id, body: { associated_retailers: ids } });
      notify.success(USER_MSG.retailersUpdated);
      setDialog(null);
    } catch (e) {
      handleError(e);
    }
  };

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
            <button type="button" className="users-tab__link" onClick={() => setDialog({ kind: 'retailers', user: u })} aria-label={`view All assigned retailers of ${u.name}`}>
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
                <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'edit', user: u })} aria-label={`Edit ${u.name}`}>
                  Edit
                </Button>
                <Button
                  variant="attention"
                  size="sm"
                  disabled={u._id === session.user._id}
                  title={u._id === session.user._id ? USER_MSG.ownDelete : undefined}
                  onClick={() => setDialog({ kind: 'delete', user: u })}
                  aria-label={`Delete ${u.name}`}
                >
                  Delete
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className="users-tab" aria-labelledby="users-tab-title">
      <div className="users-tab__bar">
        <h2 id="users-tab-title">Users</h2>
        {manager ? (
          <span className="users-tab__buttons">
            <Button variant="outline" onClick={() => setDialog({ kind: 'invite' })}>
              Invite Member
            </Button>
            <Button onClick={() => setDialog({ kind: 'add' })}>Add New User</Button>
          </span>
        ) : null}
      </div>
      {!list.data ? (
        <Spinner />
      ) : (
        <>
          <Table caption="Users of the brand" columns={columns} rows={rows} rowKey={(u) => u._id} busy={list.isValidating} empty={<p className="users-tab__empty">No users found.</p>} />
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Users pages" />
        </>
      )}

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <UserFormModal
          key={dialog.kind === 'edit' ? dialog.user._id : `add-${dialog.email ?? ''}`}
          mode={dialog.kind}
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          email={dialog.kind === 'add' ? dialog.email : undefined}
          own={dialog.kind === 'edit' && dialog.user._id === session.user._id}
          retailers={retailers.data?.data}
          actingBrand={actingBrand}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'invite' ? <InviteMemberModal onClose={() => setDialog(null)} onContinue={(email) => setDialog({ kind: 'add', email })} /> : null}
      {dialog?.kind === 'retailers' ? (
        <AssignedRetailersModal
          title={`Assigned Retailers: ${dialog.user.name}`}
          retailers={retailers.data?.data}
          selected={dialog.user.associated_retailers.map((r) => r._id)}
          hidden={dialog.user.hiddenRetailers ?? 0}
          readOnly={!manager}
          continueLabel="Save"
          busy={assign.isMutating}
          onClose={() => setDialog(null)}
          onContinue={(ids) => void saveRetailers(dialog.user, ids)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog title="Delete User" confirmLabel="Yes" cancelLabel="No" busy={remove.isMutating} onConfirm={() => void confirmDelete(dialog.user)} onCancel={() => setDialog(null)}>
          <p>{USER_MSG.deleteConfirm}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
