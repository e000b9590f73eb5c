/**
 * The brand's single sign-on domains and their proof (issue 36), below the domains field: each
 * domain's status (Pending, Verified, or a problem the last check found), the DNS TXT record to
 * publish (its name and value, each with Copy; long values wrap inside their box) and "Check now",
 * which asks the verify route and says what it found (role=status, and a toast).
 */
import { useState } from 'react';
import { SSO_UI as UI } from '@shared/messages/sso';
import type { SsoDomainStatus } from '@shared/schemas/sso';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useVerifySsoDomain } from '../api/sso-settings';
import { CopyFact } from './copy-fact';

export function SsoDomainList({ brandId, domains, onCopy }: { brandId: string; domains: readonly SsoDomainStatus[]; onCopy: (text: string, copied: string, failed: string) => Promise<void> }) {
  const verify = useVerifySsoDomain(brandId);
  const [checking, setChecking] = useState<string | null>(null);
  const [told, setTold] = useState<Record<string, string>>({});
  if (!domains.length) return null;
  const copyRecord = (text: string) => onCopy(text, UI.recordCopied, UI.recordCopyFailed);

  const check = async (domain: string) => {
    setChecking(domain);
    try {
      const out = await verify.trigger(domain);
      setTold((t) => ({ ...t, [domain]: out.message }));
      if (out.verified) notify.success(out.message);
      else notify.warning(out.message);
    } catch (err) {
      handleError(err);
    } finally {
      setChecking(null);
    }
  };

  return (
    <section className="sso-domains" aria-labelledby="sso-domains-title">
      <h3 id="sso-domains-title" className="sso-domains__title">
        {UI.domainsProof}
      </h3>
      <p className="field__hint">{UI.domainsProofIntro}</p>
      <ul className="sso-domains__list">
        {domains.map((d) => {
          const kind = d.status === 'verified' ? 'verified' : d.problem ? 'problem' : 'pending';
          const status = { verified: UI.domainVerified, problem: UI.domainProblem, pending: UI.domainPending }[kind];
          return (
            <li key={d.domain} className="sso-domains__item" data-testid="sso-domain" data-domain={d.domain} data-status={d.status}>
              <div className="sso-domains__head">
                <strong className="sso-domains__name">{d.domain}</strong>
                <span className={`sso-domains__badge sso-domains__badge--${kind}`} aria-label={UI.domainStatusLabel(d.domain, status)}>
                  {status}
                </span>
              </div>
              {d.status === 'verified' && d.verifiedAt ? <p className="sso-domains__meta">{UI.verifiedOn(formatDate(d.verifiedAt))}</p> : null}
              {d.problem && d.status !== 'verified' ? <p className="sso-domains__problem">{d.problem}</p> : null}
              <dl className="sso-domains__record">
                <CopyFact label={UI.recordName} value={d.record.name} copyLabel={UI.copyRecordName(d.domain)} onCopy={copyRecord} testId="sso-record-name" />
                <CopyFact label={UI.recordValue} value={d.record.value} copyLabel={UI.copyRecordValue(d.domain)} onCopy={copyRecord} testId="sso-record-value" />
              </dl>
              <div className="sso-domains__actions">
                <Button variant="outline" size="sm" busy={checking === d.domain} disabled={checking !== null && checking !== d.domain} onClick={() => void check(d.domain)} aria-label={UI.checkNowLabel(d.domain)}>
                  {checking === d.domain ? UI.checking : UI.checkNow}
                </Button>
                {d.lastCheckedAt ? <span className="sso-domains__meta">{UI.lastChecked(formatDate(d.lastCheckedAt))}</span> : null}
              </div>
              <p role="status" className="sso-domains__told" data-testid="sso-domain-told">
                {told[d.domain] ?? ''}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
