/**
 * Import/Export History (000 §2, §8): the downloaded (exported) and uploaded (imported) files as
 * links, newest first, 25 a page; 'No Files Downloaded' / 'No Files Uploaded'. An import with
 * refused rows links its rejected-rows file too. An export older than 7 days is listed, expired.
 */
import { useId, useState } from 'react';
import { PAGE } from '@shared/constants';
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import type { UploadType } from '@shared/schemas/contacts-import';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatTableDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { download, fileLink, useContactsHistory } from '../api/contacts-io';

function FileList({ brandId, uploadType, title, empty }: { brandId: string; uploadType: UploadType; title: string; empty: string }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useContactsHistory(brandId, uploadType, page);
  const id = useId();
  const open = async (fileId: string) => {
    try {
      const link = await fileLink(brandId, fileId);
      download(link.data.url, link.data.fileName);
    } catch (e) {
      handleError(e);
    }
  };
  const totalPages = Math.ceil((data?.totalCount ?? 0) / PAGE.defaultLimit);
  return (
    <section className="contacts-history__list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {isLoading ? <Spinner /> : null}
      {data && !data.data.length ? <p className="contacts-history__empty">{empty}</p> : null}
      {data?.data.length ? (
        <ul>
          {data.data.map((f) => (
            <li key={f._id}>
              {f.expired ? (
                <span className="contacts-history__expired">{f.fileName} (expired)</span>
              ) : (
                <button type="button" className="link-button" onClick={() => void open(f._id)}>
                  {f.fileName}
                </button>
              )}{' '}
              <span className="contacts-history__meta">
                {formatTableDate(f.createdAt)} · {f.rows.toLocaleString('en-US')} {f.rows === 1 ? 'row' : 'rows'}
              </span>
              {f.rejectedFileId ? (
                <>
                  {' '}
                  ·{' '}
                  <button type="button" className="link-button" onClick={() => void open(f.rejectedFileId!)}>
                    {f.rejected} refused {f.rejected === 1 ? 'row' : 'rows'}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} onChange={setPage} label={`${title} pages`} /> : null}
    </section>
  );
}

export function ContactsHistory({ brandId }: { brandId: string }) {
  return (
    <div className="contacts-history">
      <FileList brandId={brandId} uploadType="export" title="Downloaded Files" empty={M.noDownloads} />
      <FileList brandId={brandId} uploadType="import" title="Uploaded Files" empty={M.noUploads} />
    </div>
  );
}
