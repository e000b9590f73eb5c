import { MSG, SETTINGS_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/settings';
import { ConflictError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSettingsRecord, putSettings, SETTINGS_ID } from './settings.repo';

/**
 * Saves thresholds (integers, below 1 → 0, by the schema), alert recipients and ignoreImageData.
 * The robot health thresholds (issue 25) are kept as they were when the body leaves them out.
 * With the `version` the editor loaded, a save over someone else's newer save is refused (409).
 */
export const handler = httpHandler(route('updateSettings'), async ({ body }) => {
  const { version: expected, robotHealth, ...rest } = body;
  // A save without the robot health thresholds (an older screen, a script) keeps the stored ones.
  const settings = { ...rest, robotHealth: robotHealth ?? (await getSettingsRecord()).settings.robotHealth };
  const version = await putSettings(settings, expected);
  if (version === undefined) throw new ConflictError(SETTINGS_MSG.settingsConflict);
  return { message: MSG.settingsUpdated, _id: SETTINGS_ID, settings, version };
});
