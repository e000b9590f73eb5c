/**
 * Manage Users (001 §2, §9): the server-paged table of every user (Name, Email, Brand; each
 * header sorts `field;asc|desc`, the Brand column as `brand`), a keyword search (the start of a
 * name, an email or a brand name), 10 a page, and 'Add Users' (the add-user modal). The list
 * state lives in the URL query.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_USERS_MSG as M } from '@shared/messages/admin-users';
import { PAGE } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column, type SortState } from '../../../components/ui/table';
import { formatCount } from '../../../lib/format';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { useAdminUsers, type AdminUserRow } from '../api/admin-users';
import { readUsersQuery, writeUsersQuery } from '../list-query';
import { AddUserModal } from './add-user-modal';
import { UserSearch } from './user-search';
import '../../../components/ui/table.css';
import '../admin-users.css';

const COLUMNS: Column<AdminUserRow>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (u) => u.name },
  { key: 'email', header: 'Email', sortable: true, className: 'admin-users__email', cell: (u) => u.email },
  { key: 'brand', header: 'Brand', sortable: true, cell: (u) => u.brand?.name ?? '—' },
];

export function ManageUsers() {
  const [search, setSearch] = useSearchParams();
  const query = readUsersQuery(search);
  const pager = useUrlPage();
  const [adding, setAdding] = useState(false);
  const { data, isLoading, isValidating, error } = useAdminUsers(query);
  const totalPages = data ? Math.ceil(data.totalCount / PAGE.users) : 0;
  // A page number past the end in the address (users deleted meanwhile, an old link): show the last page.
  useClampPage(pager, data && !isValidating ? totalPages : undefined);
  const [field, dir] = query.sort.split(';') as [string, 'asc' | 'desc'];
  const latest = () => readUsersQuery(new URLSearchParams(window.location.search));

  const onSort = (s: SortState) => setSearch(writeUsersQuery({ ...latest(), page: 1, sort: `${s.key};${s.direction}` }));
  const onSearch = (keyword: string | undefined) => setSearch(writeUsersQuery({ ...latest(), page: 1, keyword }));

  return (
    <div className="admin-users">
      <div className="admin-users__bar">
        <UserSearch keyword={query.keyword} onSearch={onSearch} />
        <Button onClick={() => setAdding(true)}>{M.addUsers}</Button>
      </div>
      {isLoading && !data ? (
        <div className="admin-users__loading">
          <Spinner label="Loading users…" />
        </div>
      ) : (
        <>
          <p className="admin-users__total" aria-live="polite">
            {data ? `${formatCount(data.totalCount)} user${data.totalCount === 1 ? '' : 's'}${query.keyword ? ` starting with “${query.keyword}”` : ''}` : ''}
          </p>
          <Table
            caption="Users"
            columns={COLUMNS}
            rows={data?.data ?? []}
            rowKey={(u) => u._id}
            sort={{ key: field, direction: dir }}
            onSort={onSort}
            busy={isValidating}
            wrapLabel="Users table"
            empty={
              <p className="panel panel--empty admin-users__empty">
                {error instanceof Error && query.keyword ? error.message : query.keyword ? M.emptySearch : M.empty}
              </p>
            }
          />
          <Pagination page={query.page} totalPages={totalPages} onChange={pager.goToPage} label="Users pages" />
        </>
      )}
      {adding ? <AddUserModal onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
