/**
 * Settings → Users (000 §2, §6, §9): the brand's users, 10 a page by name (server-paged), in
 * `UsersTable`; 'view All' opens the assigned-retailers modal (editable for brand admins,
 * read-only for everyone else); for BRAND_ADMIN (or an ADMIN acting as the brand) only, the
 * table's Actions, 'Add New User' and 'Invite Member', and the dialogs they open.
 */
import { useState } from 'react';
import { PAGE } from '@shared/constants';
import { USER_MSG } from '@shared/messages/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { effectiveBrand, isAdmin, isBrandAdmin } from '../../../lib/access';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { useBrandUsers, useDeleteUser, useEditUser, useUsersTabRetailers, type BrandUserRow } from '../api/users-tab';
import { AssignedRetailersModal } from './assigned-retailers-modal';
import { InviteMemberModal } from './invite-member-modal';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';
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
          <UsersTable rows={rows} busy={list.isValidating} names={names} manager={manager} selfId={session.user._id} onAction={(kind, user) => setDialog({ kind, user })} />
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
