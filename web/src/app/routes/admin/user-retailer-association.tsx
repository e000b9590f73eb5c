/**
 * /admin/user-retailer-association 'User Retailer List' (001 §2, §7, §9; ADMIN only): the brands
 * by name, 100 a page (the page in the URL query), each with its enabled retailers' names and an
 * edit action opening the retailer checklist (docs/decisions.md "User Retailer List and Permissions").
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { BRANDS_PAGE_SIZE, useBrandPage, type BrandRow } from '../../../features/brand-retailers/api/admin-brands';
import { BrandRetailerTable } from '../../../features/brand-retailers/components/brand-retailer-table';
import { RetailerChecklistModal } from '../../../features/brand-retailers/components/retailer-checklist-modal';
import { useRetailers } from '../../../features/retailers/api/get-retailers';

export function UserRetailerAssociationRoute() {
  const pager = useUrlPage({ scrollToTop: true });
  const { page, goToPage } = pager;
  const { data, isLoading, isValidating } = useBrandPage(page);
  const retailers = useRetailers();
  const names = useMemo(() => new Map((retailers.data?.data ?? []).map((r) => [r._id, r.name])), [retailers.data]);
  // The brand as the list showed it when its edit was opened: its version goes with the save.
  const [editing, setEditing] = useState<BrandRow | null>(null);
  const totalCount = data?.totalCount ?? 0;
  const totalPages = Math.ceil(totalCount / BRANDS_PAGE_SIZE);

  // A page number past the end in the address (an old link, brands gone meanwhile): show the last page.
  useClampPage(pager, data ? totalPages : undefined);

  return (
    <div className="brand-retailers">
      <div className="page-head">
        <h1 className="page-head__title">User Retailer List</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      <p className="brand-retailers__count" aria-live="polite">
        {data ? `${formatCount(totalCount)} brand${totalCount === 1 ? '' : 's'}` : ''}
      </p>
      {isLoading && !data ? (
        <Spinner label="Loading brands…" />
      ) : (
        <>
          <BrandRetailerTable rows={data?.data ?? []} names={names} busy={isValidating && !!data} onEdit={(b) => setEditing(b)} />
          <Pagination page={page} totalPages={totalPages} onChange={goToPage} label="Brand pages" />
        </>
      )}
      {editing ? <RetailerChecklistModal brand={editing} retailers={retailers.data?.data} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
