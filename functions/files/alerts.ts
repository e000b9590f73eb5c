import { sendEmail } from '../lib/email';
import { fileReviewAlert } from '../lib/email/file-review';
import { env } from '../lib/env';
import { faultPoint } from '../lib/faults';
import { createNotificationRecord } from '../notifications';
import { getSettings } from '../settings';
import { markIngestStep, releaseAlertEmail, takeAlertEmail, type FileRecord } from './files.repo';

export { TYPE_LABEL } from '../lib/email/file-review';

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
  const alert = fileReviewAlert(file, `${env.appUrl}/admin/post-office/comparison/${file._id}`);
  const { title, message } = alert;
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
    await sendEmail({ to: emailAlerts, subject: alert.subject, html: alert.html });
  } catch (e) {
    await releaseAlertEmail(file._id);
    throw e;
  }
  await markIngestStep(file._id, 'alertEmail', 'sent');
}
