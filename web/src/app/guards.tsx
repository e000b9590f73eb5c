/**
 * Route guards (000 §2, §4; 001 §2, §6), all deciding through `lib/access.ts`:
 * - no session, or not allowed: the wanted path and query become the deep link, then /login;
 * - an expired session: /login?session=expired (deep link kept);
 * - a brand user who has not accepted the terms: /privacypolicy;
 * - an ADMIN without a second factor: /admin/security only (issue 26).
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { denial, type Area } from '../lib/access';
import { rememberDeepLink } from '../lib/deep-link';
import { useSession } from '../lib/session';

function RedirectToLogin({ to, from }: { to: string; from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberDeepLink(from);
    navigate(to, { replace: true });
  }, [to, from, navigate]);
  return null;
}

export function Guard({ area, children }: { area: Exclude<Area, 'public'>; children?: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const d = denial(session, area);
  if (d === 'terms') return <Navigate to={paths.privacyPolicy} replace />;
  if (d === 'secondFactor') return pathname === paths.admin.security ? (children ?? <Outlet />) : <Navigate to={paths.admin.security} replace />;
  if (d) return <RedirectToLogin to={d === 'expired' ? paths.sessionExpired : paths.login} from={pathname + search} />;
  return children ?? <Outlet />;
}
