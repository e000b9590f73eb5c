/** PUT /settings/{id} (001 §7): save the settings; the answer's message is 'Settings updated.' */
import { mutate } from 'swr';
import { route } from '../../../../../shared/routes';
import type { SettingsBody } from '../../../../../shared/schemas/post-office';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_KEY, type SettingsRecord } from './get-settings';

export async function updateSettings(id: string, settings: SettingsBody): Promise<{ message: string }> {
  const res = await apiRequest<{ message: string } & Partial<SettingsRecord>>('PUT', route('updateSettings').path, { params: { id }, body: settings });
  // The spec reloads after saving: read the settings back from the server.
  await mutate(SETTINGS_KEY);
  return res;
}
