import { escapeHtml, layout, sendEmail } from '../lib/email';
import { env } from '../lib/env';
import { faultPoint } from '../lib/faults';
import { createNotificationRecord } from '../notifications/notifications.repo';
import { getSettings } from '../settings/settings.repo';
import { markIngestStep, releaseAlertEmail, takeAlertEmail, type FileRecord } from './files.repo';

/** The robot types as the settings screen names them. */
export const TYPE_LABEL: Record<FileRecord['type'], string> = { product: 'Product Details', brand: 'Brand LP', homepage: 'Homepage' };

/**
 * A file needs a person: a notification in the admin area and an email to the alert recipients,
 * each at most once and resumable (the steps are marked on the file, `steps`): the notification's
 * id derives from the file's (conditional put); the email is marked 'sending' with a condition
 * just BEFORE the send (so two deliveries of the event never both send) and 'sent' after; a send
 * that fails removes the mark and throws, so the retried event sends it. A crash between a
 * successful send and the 'sent' mark leaves 'sending': no second email (at most once).
 */
export async function alertReview(file: FileRecord): Promise<void> {
  const steps = file.steps ?? {};
  const title = file.error ? `Unreadable ${file.type} file` : `${TYPE_LABEL[file.type]} file requires review`;
  const link = `${env.appUrl}/admin/post-office/comparison/${file._id}`;
  const message = `<p><strong>${escapeHtml(file.retailerName)}</strong>, ${escapeHtml(TYPE_LABEL[file.type])}, scan of ${escapeHtml(file.date)} (${escapeHtml(file.fileName)}).</p>
<ul>${file.flagReasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">Open the comparison</a></p>`;
  if (!steps.notified) {
    faultPoint('notification', file.fileName);
    await createNotificationRecord(
      { subject: `${file.error ? 'error' : 'review'}:${title}`, retailer: file.retailerName, retailerId: file.retailer, fileId: file._id, message },
      { seenFlag: false, id: `review-${file._id}` },
    );
    await markIngestStep(file._id, 'notified', true);
  }
  if (steps.alertEmail) return;
  const { emailAlerts } = await getSettings();
  if (!emailAlerts.length) return markIngestStep(file._id, 'alertEmail', 'sent');
  if (!(await takeAlertEmail(file._id))) return;
  try {
    faultPoint('alert-email', file.fileName);
    await sendEmail({ to: emailAlerts, subject: `[Post office] ${title}: ${file.retailerName}`, html: layout(title, message) });
  } catch (e) {
    await releaseAlertEmail(file._id);
    throw e;
  }
  await markIngestStep(file._id, 'alertEmail', 'sent');
}
