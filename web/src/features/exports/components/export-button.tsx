/**
 * The export button of a product tab (001 §2 "Buttons: Contact Retailer and export", §7
 * `exportFile`): exports every row of the tab as it is filtered, searched and sorted. The export
 * is a background job (docs/exports.md "Every export is a job"): beside the button its state is
 * shown as it goes (queued, building n of N rows, then ready or failed with the reason); once
 * ready a toast says so, ALL EXPORTS is read again, and the file is opened (the browser downloads
 * it and stays on the page) with a Download link beside the button. Errors of the start go
 * through the app's error handling (handle-error.ts). The job's state is `ExportProgress`
 * (components/export-job), which the Permissions and the contacts exports show too.
 *
 * `JobExportButton` is that button for any export whose file lands in a retailer's ALL EXPORTS:
 * the caller says how the job is started (a tab's query, a retailer's case log), the rest is the
 * same (progress, toast, history read again, the file opened).
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { ExportProgress, exportReadyText } from '../../../components/export-job/export-progress';
import { exportFile, revalidateExportHistory, type ExportJob, type ExportTabQuery } from '../api/export-file';

export interface JobExportButtonProps {
  /** Starts the export: its job (queued), as the start call answers it (202). */
  start: () => Promise<Pick<ExportJob, 'jobId'>>;
  label?: string;
  /** The button's name for assistive technology, when the page has another Export (it holds `label`). */
  ariaLabel?: string;
  /** What the button exports, in words (its tooltip). */
  title?: string;
  disabled?: boolean;
  /** How the ready file's link is opened (default: the browser goes to it; the download leaves the page as it is). */
  open?: (link: string) => void;
  /** How often the job is read while it runs (ms). */
  pollMs?: number;
}

export interface ExportButtonProps extends Omit<JobExportButtonProps, 'start' | 'title' | 'ariaLabel'> {
  /** The scan period whose tab is exported. */
  retailerBrandScraping: string;
  /** The current tab's query: its filter flag (tab, isFlagged, filter or a bare flag), oh_map_id, search, sort. */
  query: ExportTabQuery;
}

const openInBrowser = (link: string) => window.location.assign(link);

/** Starts an export job, follows it beside the button, and once ready: the toast, ALL EXPORTS read again, the file opened. */
export function JobExportButton({ start, label = 'Export', ariaLabel, title, disabled, open = openInBrowser, pollMs }: JobExportButtonProps) {
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const { mutate: bound } = useSWRConfig();
  // Ready: the toast, ALL EXPORTS read again, the file opened.
  const onReady = (job: ExportJob & { link: string }) => {
    notify.success(exportReadyText(job.name));
    void revalidateExportHistory(bound);
    open(job.link);
  };
  const onClick = async () => {
    setStarting(true);
    try {
      const job = await start();
      setJobId(job.jobId);
    } catch (e) {
      handleError(e);
    } finally {
      setStarting(false);
    }
  };
  return (
    <span className="export-button__group">
      <Button variant="outline" size="sm" className="export-button" busy={starting} disabled={disabled} onClick={() => void onClick()} title={title} aria-label={ariaLabel}>
        {label}
      </Button>
      {jobId ? <ExportProgress key={jobId} jobId={jobId} onReady={onReady} pollMs={pollMs} /> : null}
    </span>
  );
}

export function ExportButton({ retailerBrandScraping, query, ...rest }: ExportButtonProps) {
  return <JobExportButton start={() => exportFile(retailerBrandScraping, query)} title="Export every row of this tab as an Excel file" {...rest} />;
}
