/**
 * /admin/permissions (001 §2, §5, §9; ADMIN only): which brands carry a retailer, or which
 * retailers carry a brand, each with 'Currently Enabled in Dashboard', the Count and an Export.
 * The search and the page live in the URL query (?retailer= or ?brand=, &page=).
 */
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useBrandsForSelect } from '../../../features/brands/api/get-brands-for-select';
import type { PermissionsFilter as Filter } from '../../../features/permissions/api/permissions';
import { PermissionsFilter } from '../../../features/permissions/components/permissions-filter';
import { PermissionsResults } from '../../../features/permissions/components/permissions-results';
import { useRetailers } from '../../../features/retailers/api/get-retailers';

function readFilter(search: URLSearchParams): Filter | null {
  const retailer = search.get('retailer');
  if (retailer) return { kind: 'retailer', id: retailer };
  const brand = search.get('brand');
  return brand ? { kind: 'brand', id: brand } : null;
}

export function PermissionsRoute() {
  const [search, setSearch] = useSearchParams();
  const filter = readFilter(search);
  const pageParam = Number.parseInt(search.get('page') ?? '', 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 ? pageParam : 1;
  const retailers = useRetailers();
  const brands = useBrandsForSelect(true);

  const show = (f: Filter, p = 1) => setSearch({ [f.kind]: f.id, ...(p > 1 ? { page: String(p) } : {}) });

  return (
    <div className="permissions">
      <div className="page-head">
        <h1 className="page-head__title">Permissions</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      <PermissionsFilter key={filter ? `${filter.kind}:${filter.id}` : 'none'} current={filter} retailers={retailers.data?.data} brands={brands.data?.data} onSearch={(f) => show(f)} onReset={() => setSearch({})} />
      {filter ? (
        <PermissionsResults filter={filter} page={page} onPage={(p) => show(filter, p)} />
      ) : (
        <p className="permissions__hint">Choose a retailer to see the brands it carries, or a brand to see the retailers that carry it, then Search.</p>
      )}
    </div>
  );
}
