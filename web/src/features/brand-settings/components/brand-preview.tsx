/** The Brand tab's preview of the colours being chosen, and the contrast warning (WCAG, below 4.5:1), shown before saving; it does not block Save. */
import { useMemo } from 'react';
import type { Colors } from '@shared/types';
import { contrastIssues } from '../contrast';

export function BrandPreview({ colors }: { colors: Colors }) {
  const issues = useMemo(() => contrastIssues(colors), [colors]);
  return (
    <>
      <div className="brand-settings__preview" aria-hidden="true" style={{ background: colors.bgColor, color: colors.textColor }}>
        <span className="brand-settings__preview-item">Summary view</span>
        <span className="brand-settings__preview-item" style={{ background: colors.hoverColor }}>
          Retailer List (hover)
        </span>
        <span className="brand-settings__preview-item" style={{ background: colors.summaryPageSectionColor }}>
          Summary section
        </span>
      </div>
      {issues.length ? (
        <div className="brand-settings__warning" role="status" aria-live="polite">
          <strong>Low contrast</strong>
          <ul>
            {issues.map((i) => (
              <li key={i.where}>{i.message}</li>
            ))}
          </ul>
          <span>You can still save these colours.</span>
        </div>
      ) : null}
    </>
  );
}
