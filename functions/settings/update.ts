import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes';
import { httpHandler } from '../lib/http/handler';
import { putSettings, SETTINGS_ID } from './settings.repo';

/** Saves thresholds (integers, below 1 → 0, by the schema), alert recipients and ignoreImageData. */
export const handler = httpHandler(route('updateSettings'), async ({ body }) => {
  await putSettings(body);
  return { message: MSG.settingsUpdated, _id: SETTINGS_ID, settings: body };
});
