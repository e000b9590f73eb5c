/**
 * Export of the basket (001 §7 exportBucketData): starts the job, shows its progress (items done
 * of total, the images being the long part), then the two 7-day links (spreadsheet, images zip)
 * each with a copy button, and the email body for the contact form (api/basket-email.ts).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { startBasketExport, useBasketExportJob, type BasketTarget } from '../api/basket';
import { basketEmailBody } from '../api/basket-email';

/** `onEmail`: offered once the links are ready, with the contact email's HTML body (the page opens its contact form with it). */
export function BasketExport({ target, disabled, onEmail }: { target: BasketTarget; disabled?: boolean; onEmail?: (html: string) => void }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [open, setOpen] = useState(false);
  const onExport = async () => {
    setStarting(true);
    try {
      const job = await startBasketExport(target);
      setJobId(job.jobId);
      setOpen(true);
    } catch (e) {
      handleError(e);
    } finally {
      setStarting(false);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" busy={starting} disabled={disabled} onClick={() => void onExport()}>
        Export
      </Button>
      {open && jobId ? (
        <ExportProgress
          jobId={jobId}
          onClose={() => setOpen(false)}
          onEmail={
            onEmail
              ? (html) => {
                  setOpen(false);
                  onEmail(html);
                }
              : undefined
          }
        />
      ) : null}
    </>
  );
}

export function ExportProgress({ jobId, onClose, onEmail }: { jobId: string; onClose: () => void; onEmail?: (html: string) => void }) {
  const { data: job } = useBasketExportJob(jobId);
  const percent = job && job.total ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Modal
      title="Basket export"
      onClose={onClose}
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      {!job || job.status === 'queued' || job.status === 'running' ? (
        <div className="basket-export__progress">
          <p id={`progress-${jobId}`}>Preparing the spreadsheet and the images… {job ? `${job.done} of ${job.total} items` : ''}</p>
          <progress aria-labelledby={`progress-${jobId}`} max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      ) : job.status === 'failed' ? (
        <p className="error-text" role="alert">
          {job.error}
        </p>
      ) : (
        <div className="basket-export__done">
          <p>
            The export is ready ({job.done} items{job.failedImages ? `; ${job.failedImages} images could not be included, see failed-images.txt in the zip` : ''}). The links expire within 7 days.
          </p>
          <ExportLink label="Spreadsheet" href={job.s3ExcelLink!} />
          <ExportLink label="Images (zip)" href={job.s3ZipLink!} />
          {onEmail ? (
            <Button size="sm" onClick={() => onEmail(basketEmailBody({ excelLink: job.s3ExcelLink!, zipLink: job.s3ZipLink! }))}>
              Email the links to the retailer
            </Button>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

function ExportLink({ label, href }: { label: string; href: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      notify.success('Link copied.');
    } catch {
      notify.warning('The link could not be copied: select it and copy it.');
    }
  };
  return (
    <div className="basket-export__link">
      <a className="link" href={href}>
        {label}
      </a>
      <input className="field__input" readOnly value={href} aria-label={`${label} link`} onFocus={(e) => e.target.select()} />
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy the ${label} link`}>
        Copy
      </Button>
    </div>
  );
}
