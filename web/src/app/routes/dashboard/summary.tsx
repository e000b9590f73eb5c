/** /dashboard/summary (000 §2): the summary view of the brand's retailers. */
import { SummaryView } from '../../../features/brand-summary/components/summary-view';
import { useSession } from '../../../lib/session';
import './summary.css';

export function SummaryRoute() {
  const session = useSession();
  if (!session) return null;
  return <SummaryView session={session} />;
}
