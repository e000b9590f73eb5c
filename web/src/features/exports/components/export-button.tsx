/**
 * The export button of a product tab (001 §2 "Buttons: Contact Retailer and export", §7
 * `exportFile`): exports every row of the tab as it is filtered, searched and sorted. The export
 * is a background job (docs/exports.md "Every export is a job"): beside the button its state is
 * shown as it goes (queued, building n of N rows, then ready or failed with the reason); once
 * ready a toast says so, ALL EXPORTS is read again, and the file is opened (the browser downloads
 * it and stays on the page) with a Download link beside the button. Errors of the start go
 * through the app's error handling (handle-error.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { exportFile, revalidateExportHistory, useExportJob, type ExportJob, type ExportTabQuery } from '../api/export-file';

export interface ExportButtonProps {
  /** The scan period whose tab is exported. */
  retailerBrandScraping: string;
  /** The current tab's query: its filter flag (tab, isFlagged, filter or a bare flag), oh_map_id, search, sort. */
  query: ExportTabQuery;
  label?: string;
  disabled?: boolean;
  /** How the ready file's link is opened (default: the browser goes to it; the download leaves the page as it is). */
  open?: (link: string) => void;
  /** How often the job is read while it runs (ms). */
  pollMs?: number;
}

const openInBrowser = (link: string) => window.location.assign(link);

/** The toast once an export is ready. */
export const exportReadyText = (name: string) => `Export ready: ${name}`;

export function ExportButton({ retailerBrandScraping, query, label = 'Export', disabled, open = openInBrowser, pollMs }: ExportButtonProps) {
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const onClick = async () => {
    setStarting(true);
    try {
      const job = await exportFile(retailerBrandScraping, query);
      setJobId(job.jobId);
    } catch (e) {
      handleError(e);
    } finally {
      setStarting(false);
    }
  };
  return (
    <span className="export-button__group">
      <Button variant="outline" size="sm" className="export-button" busy={starting} disabled={disabled} onClick={() => void onClick()} title="Export every row of this tab as an Excel file">
        {label}
      </Button>
      {jobId ? <ExportProgress key={jobId} jobId={jobId} open={open} pollMs={pollMs} /> : null}
    </span>
  );
}

/** A job's state beside the button; on `ready` (once per job): the toast, ALL EXPORTS again, the file opened. */
export function ExportProgress({ jobId, open, pollMs }: { jobId: string; open: (link: string) => void; pollMs?: number }) {
  const { data: job } = useExportJob(jobId, pollMs);
  const { mutate: bound } = useSWRConfig();
  const ended = useRef(false);
  useEffect(() => {
    if (!job || ended.current) return;
    if (job.status === 'ready' && job.link) {
      ended.current = true;
      notify.success(exportReadyText(job.name));
      void revalidateExportHistory(bound);
      open(job.link);
    } else if (job.status === 'failed') {
      ended.current = true;
      notify.error(job.error ?? 'The export could not be built.');
    }
  }, [job, open, bound]);
  return (
    <span className="export-progress" role="status" aria-live="polite">
      <ProgressText job={job} />
    </span>
  );
}

function ProgressText({ job }: { job: ExportJob | undefined }) {
  if (!job || job.status === 'queued') return <>Export queued…</>;
  if (job.status === 'building') {
    const of = job.total ? ` of ${job.total.toLocaleString('en-US')}` : '';
    return (
      <>
        <span>
          Building the export… {job.done.toLocaleString('en-US')}
          {of} rows
        </span>
        {job.total ? <progress className="export-progress__bar" max={job.total} value={job.done} aria-label="Export progress" /> : null}
      </>
    );
  }
  if (job.status === 'failed') return <span className="error-text">{job.error}</span>;
  return (
    <>
      <span>Export ready ({job.total?.toLocaleString('en-US') ?? job.done} rows).</span>{' '}
      {job.link ? (
        <a className="link" href={job.link}>
          Download
        </a>
      ) : null}
    </>
  );
}
