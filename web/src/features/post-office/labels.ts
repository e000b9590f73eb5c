/** How the post office names its states (001 §2, §4). */
import type { ApprovedStatus, FileSort, FlagLevel, ListFilesParams, RobotType } from './types';

export const FLAG_LABELS: Record<FlagLevel, string> = {
  require_review: 'Requires Review',
  caution: 'Caution',
  unflagged: 'Unflagged',
};

export const STATUS_LABELS: Record<ApprovedStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The robot types by the names of their settings blocks. */
export const ROBOT_TYPE_LABELS: Record<RobotType, string> = {
  product: 'Product Details',
  brand: 'Brand LP',
  homepage: 'Homepage',
};

export const SORT_LABELS: Record<FileSort, string> = {
  'date;desc': 'Date (newest first)',
  'date;asc': 'Date (oldest first)',
  'name;asc': 'Name (A to Z)',
  'name;desc': 'Name (Z to A)',
  'type;asc': 'Robot Type (A to Z)',
  'type;desc': 'Robot Type (Z to A)',
};

export const robotTypeLabel = (type: string): string => ROBOT_TYPE_LABELS[type as RobotType] ?? type;

/** What the flag counters count: the list's status and retailer ('All files of harrowgate-finch, by flag'). */
export function flagCountsCaption(q: Pick<ListFilesParams, 'approvedStatus' | 'name' | 'fileName'>): string {
  const scope = `${q.approvedStatus ? STATUS_LABELS[q.approvedStatus] : 'All'} files${q.name ? ` of ${q.name}` : ''}, by flag`;
  return q.fileName ? `${scope} (the file search not counted)` : scope;
}
