/**
 * Settings › Single sign-on › "Other accounts of your domains" (issue 36): the accounts of the
 * brand's verified domains that its single sign-on spares (site admins, other brands' users),
 * a page at a time (GET /sso/{brandId}/accounts), so the brand knows who keeps a password there.
 */
import { SSO_UI as UI } from '@shared/messages/sso';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSparedAccounts } from '../api/sso-settings';

export function SparedAccounts({ brandId }: { brandId: string }) {
  const pages = useSparedAccounts(brandId);
  const rows = pages.data?.flatMap((p) => p.data) ?? [];
  let body;
  if (pages.error && !pages.data) body = <p className="muted">{UI.sparedFailed}</p>;
  else if (!pages.data) body = <Spinner label={UI.sparedLoading} />;
  else if (!rows.length) body = <p className="muted">{UI.sparedNone}</p>;
  else
    body = (
      <ul className="sso-spared__list" aria-label={UI.sparedTitle}>
        {rows.map((a) => (
          <li key={a.email} className="sso-spared__item">
            <span className="sso-spared__email">{a.email}</span>
            <span className="muted">
              {a.name} · {UI.sparedKind[a.kind]} · {UI.sparedStatus[a.status]}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="sso-spared" aria-labelledby="sso-spared-title">
      <h3 id="sso-spared-title" className="sso-spared__title">
        {UI.sparedTitle}
      </h3>
      <p className="sso-settings__intro">{UI.sparedIntro}</p>
      {body}
      {pages.data?.at(-1)?.nextCursor ? (
        <Button variant="outline" size="sm" busy={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {UI.sparedMore}
        </Button>
      ) : null}
    </section>
  );
}
