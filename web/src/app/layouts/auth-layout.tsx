/** The public pages' frame: the product pitch on the brand colour, the form on the right. */
import type { ReactNode } from 'react';
import { VERSION } from '@shared/constants';
import { Logo } from '../../components/ui/logo';
import './auth-layout.css';

const POINTS = [
  'Every authorised retailer scanned on a schedule',
  'Flag wrong products, prices and brand profiles',
  'Contact retailers and follow every change',
];

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <aside className="auth__aside">
        <Logo className="logo--light" />
        <div className="auth__pitch">
          <p className="auth__eyebrow">Brand protection</p>
          <p className="auth__headline">See your brand the way shoppers see it, on every retailer website.</p>
          <ul className="auth__points">
            {POINTS.map((p) => (
              <li key={p}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="auth__version">version {VERSION}</p>
      </aside>
      <main className="auth__main">{children}</main>
    </div>
  );
}
