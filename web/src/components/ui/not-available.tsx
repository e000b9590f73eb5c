/** The honest placeholder for a screen that a later issue builds. */
import type { ReactNode } from 'react';

export const NOT_AVAILABLE_TEXT = 'This page is not available yet.';

export function NotAvailable({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="panel panel--empty" aria-labelledby="not-available-title">
      <div className="panel__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M3 9h18M8 14h8" />
        </svg>
      </div>
      {title ? <h2 className="panel__title">{title}</h2> : null}
      <p id="not-available-title" className="panel__text">
        {NOT_AVAILABLE_TEXT}
      </p>
      {children}
    </section>
  );
}
