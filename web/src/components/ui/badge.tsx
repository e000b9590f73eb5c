/**
 * Badges: `Badge` is a coloured label whose meaning is in its text (the tone is decoration);
 * `CountBadge` is a number with a spoken label ('3 unseen'), shown as 99+ above 99.
 */
import type { ReactNode } from 'react';
import './badge.css';

export function Badge({ className, dotClassName, children }: { className: string; dotClassName?: string; children: ReactNode }) {
  return (
    <span className={className}>
      {dotClassName ? <span className={dotClassName} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

export function CountBadge({ count, label, title }: { count: number; label: string; title?: string }) {
  if (!count) return null;
  return (
    <span className="count-badge" aria-label={`${count} ${label}`} title={title}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
