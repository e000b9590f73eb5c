import { SSO_UI as UI } from '@shared/messages/sso';
import { Button } from '../../../components/ui/button';

/** A value to copy elsewhere (an address to register at the identity provider, a DNS record to publish), with its Copy button. */
export function CopyFact({ label, value, copyLabel, hint, testId, onCopy }: { label: string; value: string; copyLabel: string; hint?: string; testId: string; onCopy: (text: string) => Promise<void> }) {
  return (
    <div className="sso-settings__fact">
      <dt>{label}</dt>
      <dd>
        <code className="sso-settings__uri" data-testid={testId}>
          {value}
        </code>
        <Button variant="outline" size="sm" onClick={() => void onCopy(value)} aria-label={copyLabel}>
          {UI.copy}
        </Button>
        {hint ? <p className="field__hint">{hint}</p> : null}
      </dd>
    </div>
  );
}
