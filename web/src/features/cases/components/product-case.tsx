/**
 * The product page's case (issue 24): the case of this product (its style number) at this
 * retailer, if it ever had one: its state and severity, and its log newest first, a page at a time
 * ("Show more"), with a link to the retailer's CASES tab. A product without a case says so quietly.
 */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useProductCase } from '../api/cases';
import { BY_SCAN, CASE_UI, EVENT_LABEL, PRODUCT_CASE_UI as T } from '../messages';
import { SeverityBadge } from './severity-badge';
import '../cases.css';
import { caseStateText } from '../state-text';

export interface ProductCaseProps {
  brandId: string | undefined;
  retailerId: string;
  retailerName: string;
  /** The product's style number: what names its case at the retailer. */
  styleNumber: string;
}

export function ProductCase({ brandId, retailerId, retailerName, styleNumber }: ProductCaseProps) {
  const pages = useProductCase(brandId, retailerId, styleNumber);
  const first = pages.data?.[0];
  const c = first?.data;
  const events = pages.data?.flatMap((p) => p.events) ?? [];
  // No brand to read it for (an ADMIN not acting for one): the page has nothing of a brand's to show.
  if (!brandId) return null;
  return (
    <section className="pp-case" aria-labelledby="pp-case-title">
      <h3 id="pp-case-title" className="pp-section__title">
        {T.heading}
      </h3>
      {!styleNumber || (first && !c) ? (
        <p className="pp-case__none muted">{T.noCase}</p>
      ) : !first ? (
        pages.error ? <p className="muted">{T.failed}</p> : <Spinner label={T.loading} />
      ) : (
        <>
          <p className="pp-case__status">
            <SeverityBadge severity={c!.severity} /> {caseStateText(c!)}
          </p>
          <h4 className="pp-case__log-title">{T.log}</h4>
          <ol className="case__log pp-case__log" aria-label={`Log of the case of ${c!.name}`}>
            {events.map((e) => (
              <li key={`${e.at}${e.kind}`}>
                <span className="case__when">{formatDate(e.at)}</span> <strong>{EVENT_LABEL[e.kind]}</strong> by {e.by?.name || BY_SCAN}
                {e.detail ? <span className="case__detail"> — {e.detail}</span> : null}
              </li>
            ))}
          </ol>
          <div className="pp-case__actions">
            {pages.data?.at(-1)?.nextCursor ? (
              <Button variant="outline" size="sm" busy={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
                {CASE_UI.showMore}
              </Button>
            ) : null}
            <Link className="link" to={`${paths.dashboard.retailer(retailerId)}?side=cases`} aria-label={T.openInCasesLabel(retailerName)}>
              {T.openInCases}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
