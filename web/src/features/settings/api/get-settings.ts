/** GET /settings/threshold (001 §7): alert recipients, ignoreImageData and the thresholds. */
import useSWR from 'swr';
import { route } from '@shared/routes';
import type { SettingsBody } from '@shared/schemas/post-office';
import { apiRequest } from '../../../lib/api-client';

export const SETTINGS_KEY = 'settings';

export interface SettingsRecord {
  _id: string;
  settings: SettingsBody;
  /** Sent back on save: the server refuses a save over a newer version. */
  version: number;
}

export function getSettings(): Promise<SettingsRecord> {
  return apiRequest<SettingsRecord>('GET', route('getThresholdSettings').path);
}

export function useSettings() {
  return useSWR(SETTINGS_KEY, getSettings);
}
