/**
 * /admin/confirm (001 §2): the admin chooses how to continue. 'Admin' opens the admin home;
 * 'Brand User' opens Select Brand, and saving makes the admin act as that brand on the dashboard.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SelectBrandModal } from '../../../features/brands/components/select-brand-modal';
import { updateSession, useSession, type ActingBrand } from '../../../lib/session';
import './confirm.css';

export function AdminConfirmRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);

  const asAdmin = () => {
    updateSession({ actingBrand: null });
    navigate(paths.admin.home);
  };
  const asBrand = (brand: ActingBrand) => {
    updateSession({ actingBrand: brand });
    navigate(paths.dashboard.summary);
  };

  return (
    <section className="chooser" aria-labelledby="chooser-title">
      <h1 id="chooser-title" className="chooser__title">
        How would you like to continue?
      </h1>
      <p className="chooser__subtitle">
        Signed in as {session?.user.name}.{session?.actingBrand ? ` You are currently acting as a user of ${session.actingBrand.name}.` : ''}
      </p>
      <div className="chooser__options">
        <button type="button" className="choice" onClick={asAdmin}>
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6l8-4z" />
            <path d="M9 12l2 2 4-4" />
          </svg>
          <span className="choice__label">Admin</span>
          <span className="choice__text">Post office, notifications, brands, retailers and permissions.</span>
        </button>
        <button type="button" className="choice" onClick={() => setChoosing(true)}>
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 9l1.5-5h15L21 9M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
            <path d="M5 13v8h14v-8" />
          </svg>
          <span className="choice__label">Brand User</span>
          <span className="choice__text">Open the dashboard of a brand, as its users see it.</span>
        </button>
      </div>
      {choosing ? <SelectBrandModal onClose={() => setChoosing(false)} onSelected={asBrand} /> : null}
    </section>
  );
}
