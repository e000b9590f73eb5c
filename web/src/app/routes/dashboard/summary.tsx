/** /dashboard/summary (000 §2): the summary view of the brand's retailers, with the Cases panel (ours, issue 24 §5). */
import { SummaryView } from '../../../features/brand-summary/components/summary-view';
import { CaseProgramme } from '../../../features/cases';
import { effectiveBrand } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import './summary.css';

export function SummaryRoute() {
  const session = useSession();
  if (!session) return null;
  return <SummaryView session={session} programme={<CaseProgramme brandId={effectiveBrand(session)?._id} />} />;
}
