/**
 * EMAIL HISTORY of the retailer page (000 §2, §3 Email history, §9 "MM/DD/YYYY in email
 * history"): the emails sent to the retailer from this brand, newest first, each its subject,
 * 'Emailed on' date and a Preview; 25 a page. Empty: 'Email history(s) not found.'.
 */
import { useState } from 'react';
import { PAGE } from '@shared/constants';
import { ADDRESS_BOOK_MSG } from '@shared/messages/address-book';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useEmailHistory, type EmailHistoryPage } from '../api/get-email-history';
import { EmailPreview } from './email-preview';
import '../address-book.css';

type Email = EmailHistoryPage['data'][number];

export interface EmailHistoryProps {
  /** The retailer's scan info id (the retailer page's `_id`). */
  scanInfoId: string;
  pageSize?: number;
}

export function EmailHistory({ scanInfoId, pageSize = PAGE.defaultLimit }: EmailHistoryProps) {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<Email | null>(null);
  const { data, isLoading, isValidating } = useEmailHistory(scanInfoId, page, pageSize);
  if (isLoading && !data) return <Spinner />;
  const emails = data?.data ?? [];
  return (
    <section className="email-history" aria-label="Email history" aria-busy={(isValidating && !!data) || undefined}>
      {emails.length ? (
        <ul className="email-history__list">
          {emails.map((e) => (
            <li key={e._id} className="email-history__item">
              <div className="email-history__text">
                <p className="email-history__subject">{e.subject || '(no subject)'}</p>
                <p className="email-history__date">Emailed on {formatDate(e.createdAt)}</p>
              </div>
              <Button size="sm" variant="outline" onClick={() => setPreview(e)} aria-label={`Preview: ${e.subject}`}>
                Preview
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="email-history__empty">{ADDRESS_BOOK_MSG.noEmailHistory}</p>
      )}
      <Pagination page={page} totalPages={Math.ceil((data?.totalCount ?? 0) / pageSize)} onChange={setPage} label="Email history pages" />
      {preview ? <EmailPreview email={preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}
