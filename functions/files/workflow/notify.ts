import { escapeHtml } from '../../lib/email/html';
import { TYPE_LABEL } from '../../lib/email/file-review';
import { createNotificationRecord } from '../../notifications';
import { getFile } from '../files.repo';
import { NotApprovableError, taskBody } from './errors';

interface NotifyInput {
  fileId: string;
  applied?: { products?: number; added?: number; deleted?: number; changed?: number; brands?: string[] };
}

/**
 * Notify: the approval is recorded in the notifications. A file approved on its own (unflagged)
 * is filed as seen, history only; anything a person approved or flagged caution is left unseen.
 */
export const handler = (input: NotifyInput) =>
  taskBody(async () => {
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    const a = input.applied ?? {};
    const counts =
      file.type === 'product'
        ? `<p>${a.products ?? 0} products applied to the ${escapeHtml(file.date)} period: ${a.added ?? 0} new, ${a.deleted ?? 0} removed, ${a.changed ?? 0} updated.</p>`
        : `<p>The retailer's ${file.type === 'brand' ? 'brand landing page' : 'homepage'} details of ${escapeHtml(file.date)} were updated.</p>`;
    await createNotificationRecord(
      {
        subject: `approved:${TYPE_LABEL[file.type]} file approved`,
        retailer: file.retailerName,
        retailerId: file.retailer,
        fileId: file._id,
        message: `<p><strong>${escapeHtml(file.retailerName)}</strong>: ${escapeHtml(file.fileName)} was approved.</p>${counts}`,
      },
      // One notification per file whatever retries happen: its id derives from the file's.
      { seenFlag: file.flag === 'unflagged', id: `approved-${file._id}` },
    );
    return { notified: true };
  });
