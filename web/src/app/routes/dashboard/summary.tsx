/** /dashboard/summary (000 §2): the welcome heading; the retailer tiles come with their issue. */
import { effectiveBrand } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import './summary.css';

export function SummaryRoute() {
  const session = useSession();
  if (!session) return null;
  const brand = effectiveBrand(session);
  return (
    <>
      <section className="welcome" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome__title">
          Welcome, {session.user.name}
        </h2>
        {brand ? <p className="welcome__brand">{brand.name}</p> : null}
      </section>
      <section className="panel panel--empty">
        <p className="panel__text">The retailer tiles are not available yet.</p>
      </section>
    </>
  );
}
