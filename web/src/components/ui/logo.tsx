/** The product mark: a magnifier over a storefront, drawn in the current text colour. */
import { env } from '../../config/env';

export function Logo({ withName = true, className = '' }: { withName?: boolean; className?: string }) {
  return (
    <span className={`logo ${className}`.trim()}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12l2.5-6h15L25 12" />
        <path d="M5 12h20v2a3 3 0 0 1-5 2 3 3 0 0 1-5 0 3 3 0 0 1-5 0 3 3 0 0 1-5-2z" />
        <path d="M7 17v9h9" />
        <circle cx="23" cy="23" r="4" />
        <path d="M26 26l3 3" />
      </svg>
      {withName ? <span className="logo__name">{env.appName}</span> : null}
    </span>
  );
}
