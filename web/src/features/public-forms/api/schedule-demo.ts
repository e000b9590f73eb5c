/** POST /scheduledemos (000 §3, §7): the demo request with the captcha; a retry with the same requestId is sent once. */
import useSWRMutation from 'swr/mutation';
import type { ScheduleDemoBody } from '@shared/schemas/public';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export type DemoRequest = Omit<ScheduleDemoBody, 'message'> & { message?: string };

export function useScheduleDemo() {
  return useSWRMutation('schedule-demo', async (_key, { arg }: { arg: DemoRequest }) => api('scheduleDemo', { body: arg }), MUTATION_OPTIONS);
}
