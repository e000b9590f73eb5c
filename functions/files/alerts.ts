import { escapeHtml, layout, sendEmail } from '../lib/email';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { createNotification } from '../notifications/notifications.repo';
import { getSettings } from '../settings/settings.repo';
import type { FileRecord } from './files.repo';

/** The robot types as the settings screen names them. */
export const TYPE_LABEL: Record<FileRecord['type'], string> = { product: 'Product Details', brand: 'Brand LP', homepage: 'Homepage' };

/** A file needs a person: a notification in the admin area and an email to the alert recipients. */
export async function alertReview(file: FileRecord): Promise<void> {
  const title = file.error ? `Unreadable ${file.type} file` : `${TYPE_LABEL[file.type]} file requires review`;
  const link = `${env.appUrl}/admin/post-office/comparison/${file._id}`;
  const message = `<p><strong>${escapeHtml(file.retailerName)}</strong>, ${escapeHtml(TYPE_LABEL[file.type])}, scan of ${escapeHtml(file.date)} (${escapeHtml(file.fileName)}).</p>
<ul>${file.flagReasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">Open the comparison</a></p>`;
  await createNotification({ subject: `${file.error ? 'error' : 'review'}:${title}`, retailer: file.retailerName, retailerId: file.retailer, fileId: file._id, message });
  const { emailAlerts } = await getSettings();
  if (!emailAlerts.length) return;
  try {
    await sendEmail({ to: emailAlerts, subject: `[Post office] ${title}: ${file.retailerName}`, html: layout(title, message) });
  } catch (e) {
    // The notification is the record; a failed alert email must not lose the file.
    logger.error('alert email failed', { error: e, fileId: file._id });
  }
}
