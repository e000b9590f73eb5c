/** PUT /notifications/{id} {seenFlag: true} (001 §4, §7): the notification was opened. */
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { NOTIFICATIONS_KEY, revalidateNotifications, type AppNotification } from './get-notifications';

export async function markNotificationSeen(id: string): Promise<AppNotification> {
  const res = await api('updateNotification', { params: { id }, body: { seenFlag: true } });
  return res.data;
}

/** The screen's hook: marks one seen, then reloads every page of notifications and the unseen count. */
export function useMarkNotificationSeen() {
  return useSWRMutation([NOTIFICATIONS_KEY, 'seen'] as const, async (_key, { arg: id }: { arg: string }) => {
    const seen = await markNotificationSeen(id);
    await revalidateNotifications();
    return seen;
  }, MUTATION_OPTIONS);
}
