/** /dashboard/stats (000 §2): the Retailer List. */
import { RetailerList } from '../../../features/brand-summary/components/retailer-list';
import { useSession } from '../../../lib/session';

export function StatsRoute() {
  const session = useSession();
  if (!session) return null;
  return <RetailerList session={session} />;
}
