/** GET /settings/threshold (001 §7): alert recipients, ignoreImageData and the thresholds. */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export const SETTINGS_KEY = 'settings';

/** The settings with their `version`, sent back on save (the server refuses a save over a newer version). */
export type SettingsRecord = ResponseOf<'getThresholdSettings'>;

export function getSettings(): Promise<SettingsRecord> {
  return api('getThresholdSettings');
}

export function useSettings() {
  return useSWR(SETTINGS_KEY, getSettings);
}
