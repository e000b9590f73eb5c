/**
 * The state of an export job (docs/exports.md "Every export is a job", "Web"), shown beside the
 * button that started it, whichever export it is (a product tab's, the Permissions list, the
 * contacts): read every second through GET /exportFile/{jobId} (a live region): 'Export queued…',
 * 'Building the export… n of N rows' with a bar, then 'Export ready (N rows).' with a Download
 * link, or the failure's reason (also an error toast). Once ready, once per job, `onReady` says
 * what the screen does with the file. Leaving the page stops the following, not the job.
 */
import { useEffect, useRef } from 'react';
import { notify } from '../../lib/notify';
import { useExportJob, type ExportJobView } from '../../lib/export-job';
import './export-progress.css';

/** The toast once an export is ready. */
export const exportReadyText = (name: string) => `Export ready: ${name}`;

export interface ExportProgressProps {
  /** The job (any export's: a tab's, the Permissions list's, the contacts'), read through GET /exportFile/{jobId}. */
  jobId: string;
  /** Once per job, when it is ready with its link: what the screen does with the file (open it, download it, say so). */
  onReady: (job: ExportJobView & { link: string }) => void;
  /** How often the job is read while it runs (ms). */
  pollMs?: number;
}

/**
 * A job's state as it goes (a live region): queued, building n of N rows with a bar, then ready
 * (`onReady` once, and a Download link) or failed (its reason, also as an error toast, once).
 * Shared by every export's screen (docs/exports.md "Web").
 */
export function ExportProgress({ jobId, onReady, pollMs }: ExportProgressProps) {
  const { data: job } = useExportJob(jobId, pollMs);
  const ended = useRef(false);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  useEffect(() => {
    if (!job || ended.current) return;
    if (job.status === 'ready' && job.link) {
      ended.current = true;
      ready.current({ ...job, link: job.link });
    } else if (job.status === 'failed') {
      ended.current = true;
      notify.error(job.error ?? 'The export could not be built.');
    }
  }, [job]);
  return (
    <span className="export-progress" role="status" aria-live="polite">
      <ProgressText job={job} />
    </span>
  );
}

function ProgressText({ job }: { job: ExportJobView | undefined }) {
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
