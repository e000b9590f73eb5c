import { route } from '../../shared/routes/settings';
import { httpHandler } from '../http';
import { getSettingsRecord, SETTINGS_ID } from './settings.repo';

/** The settings and the version an editor sends back when saving. */
export const handler = httpHandler(route('getThresholdSettings'), async () => {
  const { settings, version, updatedAt } = await getSettingsRecord();
  return { _id: SETTINGS_ID, settings, version, updatedAt: updatedAt ?? null };
});
