/** PUT /notifications/{id} {seenFlag: true} (001 §4, §7): the notification was opened. */
import { route } from '../../../../../shared/routes';
import { apiRequest } from '../../../lib/api-client';
import { revalidateNotifications, type AppNotification } from './get-notifications';

export async function markNotificationSeen(id: string): Promise<AppNotification> {
  const res = await apiRequest<{ data: AppNotification }>('PUT', route('updateNotification').path, { params: { id }, body: { seenFlag: true } });
  await revalidateNotifications();
  return res.data;
}
