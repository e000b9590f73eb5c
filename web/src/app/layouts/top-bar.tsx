/** The dashboard top bar: the page title by path (000 §2), the menu toggle below 992 px, the user. */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { dashboardPages } from '../../config/paths';
import { env } from '../../config/env';
import { effectiveBrand } from '../../lib/access';
import type { Session } from '../../lib/session';
import { TopBarPickers } from './top-bar-pickers';

export function pageTitle(pathname: string): string {
  return dashboardPages.find((p) => matchPath(p.pattern, pathname))?.title ?? 'Page not found';
}

export function TopBar({ session, menuOpen, onToggleMenu }: { session: Session; menuOpen: boolean; onToggleMenu: () => void }) {
  const { pathname } = useLocation();
  const title = pageTitle(pathname);
  const brand = effectiveBrand(session);
  const initials = `${session.user.firstname?.[0] ?? ''}${session.user.lastname?.[0] ?? ''}`.toUpperCase() || '?';

  useEffect(() => {
    document.title = `${title} · ${env.appName}`;
  }, [title]);

  return (
    <header className="topbar">
      <button type="button" className="topbar__menu" aria-label="Menu" aria-controls="side-menu" aria-expanded={menuOpen} onClick={onToggleMenu}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <h1 className="topbar__title">{title}</h1>
      {brand ? <TopBarPickers key={brand._id} brandId={brand._id} /> : null}
      <div className="topbar__user">
        <div className="topbar__who">
          <span className="topbar__name">{session.user.name}</span>
          {brand ? <span className="topbar__brand">{brand.name}</span> : null}
        </div>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
      </div>
    </header>
  );
}
