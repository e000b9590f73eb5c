/** PUT /settings/{id} (001 §7): save the settings; the answer's message is 'Settings updated.' */
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import type { SettingsBody } from '@shared/schemas/post-office';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { SETTINGS_KEY } from './get-settings';

export function updateSettings(id: string, settings: SettingsBody): Promise<ResponseOf<'updateSettings'>> {
  return api('updateSettings', { params: { id }, body: settings });
}

/**
 * The screen's hook. The spec reloads after saving: the settings key is revalidated (read back
 * from the server) rather than filled with the answer.
 */
export function useUpdateSettings() {
  return useSWRMutation(SETTINGS_KEY, (_key, { arg }: { arg: { id: string; settings: SettingsBody } }) => updateSettings(arg.id, arg.settings), { ...MUTATION_OPTIONS, populateCache: false, revalidate: true });
}
