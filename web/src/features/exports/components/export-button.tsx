/**
 * The export button of a product tab (001 §2 "Buttons: Contact Retailer and export", §7
 * `exportFile`): exports every row of the tab as it is filtered, searched and sorted. The export
 * is a background job (docs/exports.md "Every export is a job"): beside the button its state is
 * shown as it goes (queued, building n of N rows, then ready or failed with the reason); once
 * ready a toast says so, ALL EXPORTS is read again, and the file is opened (the browser downloads
 * it and stays on the page) with a Download link beside the button. Errors of the start go
 * through the app's error handling (handle-error.ts). The job's state is `ExportProgress`
 * (components/export-job), which the Permissions and the contacts exports show too.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { ExportProgress, exportReadyText } from '../../../components/export-job/export-progress';
import { exportFile, revalidateExportHistory, type ExportJob, type ExportTabQuery } from '../api/export-file';

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


export function ExportButton({ retailerBrandScraping, query, label = 'Export', disabled, open = openInBrowser, pollMs }: ExportButtonProps) {
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
      {jobId ? <ExportProgress key={jobId} jobId={jobId} onReady={onReady} pollMs={pollMs} /> : null}
    </span>
  );
}
