/**
 * The export button of a product tab (001 §2 "Buttons: Contact Retailer and export", §7
 * `exportFile`): exports every row of the tab as it is filtered, searched and sorted, then opens
 * the answer's link (the browser downloads the file and stays on the page). Errors go through
 * the app's error handling (handle-error.ts).
 */
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { useExportFile, type ExportTabQuery } from '../api/export-file';

export interface ExportButtonProps {
  /** The scan period whose tab is exported. */
  retailerBrandScraping: string;
  /** The current tab's query: its filter flag (tab, isFlagged, filter or a bare flag), oh_map_id, search, sort. */
  query: ExportTabQuery;
  label?: string;
  disabled?: boolean;
  /** How the link is opened (default: the browser goes to it; the download leaves the page as it is). */
  open?: (link: string) => void;
}

const openInBrowser = (link: string) => window.location.assign(link);

export function ExportButton({ retailerBrandScraping, query, label = 'Export', disabled, open = openInBrowser }: ExportButtonProps) {
  const { trigger, isMutating } = useExportFile(retailerBrandScraping);
  const onClick = async () => {
    try {
      const { link } = await trigger(query);
      open(link);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <Button variant="outline" size="sm" className="export-button" busy={isMutating} disabled={disabled} onClick={() => void onClick()} title="Export every row of this tab as an Excel file">
      {label}
    </Button>
  );
}
