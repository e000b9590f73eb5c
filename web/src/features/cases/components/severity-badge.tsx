import type { CaseSeverity } from '@shared/schemas/cases';
import { SEVERITY_LABEL } from '../messages';

/** A case's severity: the word says it, the colour repeats it. */
export function SeverityBadge({ severity }: { severity: CaseSeverity }) {
  return <span className={`case-sev case-sev--${severity}`}>{SEVERITY_LABEL[severity]}</span>;
}
