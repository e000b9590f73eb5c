/** /dashboard/products-list (000 §2): Manage Catalog. */
import { CatalogView } from '../../../features/catalog/components/catalog-view';
import '../../../features/brand-summary/brand-summary.css';
import { useSession } from '../../../lib/session';

export function ProductsListRoute() {
  const session = useSession();
  if (!session) return null;
  return <CatalogView session={session} />;
}
