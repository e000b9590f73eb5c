/** The post office's alert (001 §4): a robot file needs review; the same text is the admin notification's. */
import { ROBOT_TYPE_DEFINITIONS, ROBOT_TYPES, type RobotType } from '../../../shared/robot-columns';
import { escapeHtml, layout, type EmailContent } from './html';

/** The robot types as the settings screen names them (the labels of shared/robot-columns.ts). */
export const TYPE_LABEL = Object.fromEntries(ROBOT_TYPES.map((t) => [t, ROBOT_TYPE_DEFINITIONS[t].label])) as Record<RobotType, string>;

export interface ReviewedFile {
  type: RobotType;
  retailerName: string;
  date: string;
  fileName: string;
  flagReasons: string[];
  /** Why the file could not be read (unreadable files are alerted too). */
  error?: string | null;
}

/**
 * The alert of one file: `title` (the notification's subject after its prefix), `message` (the
 * notification's HTML, the email's body) and the email itself.
 */
export function fileReviewAlert(file: ReviewedFile, link: string): EmailContent & { title: string; message: string } {
  const title = file.error ? `Unreadable ${file.type} file` : `${TYPE_LABEL[file.type]} file requires review`;
  const message = `<p><strong>${escapeHtml(file.retailerName)}</strong>, ${escapeHtml(TYPE_LABEL[file.type])}, scan of ${escapeHtml(file.date)} (${escapeHtml(file.fileName)}).</p>
<ul>${file.flagReasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">Open the comparison</a></p>`;
  return { title, message, subject: `[Post office] ${title}: ${file.retailerName}`, html: layout(title, message) };
}
