/**
 * Scratch for the bench: functions/settings/update.ts with its route's schemas in `zod/mini`
 * (./settings-schemas.ts), the same wrapper, repo and logic, so that its bundle and module load
 * compare with the real handler's on the schemas alone. Not deployed.
 */
import type { ZodType } from 'zod';
import { MSG } from '../../shared/messages';
import { r } from '../../shared/routes/define';
import type { route } from '../../shared/routes/settings';
import { ConflictError } from '../../functions/lib/http/errors';
import { httpHandler } from '../../functions/http';
import { getSettingsRecord, putSettings, SETTINGS_ID } from '../../functions/settings/settings.repo';
import { settingsBody, settingsIdPath } from './settings-schemas';

// The wrapper is typed for classic schemas; it calls only `safeParse`, which mini schemas have too.
const def = r({
  id: 'updateSettings',
  method: 'PUT',
  path: '/settings/{id}',
  handler: 'bench/zod-mini/update-settings.ts',
  access: 'admin',
  grants: ['table:read', 'table:write'],
  params: settingsIdPath as unknown as ZodType,
  body: settingsBody as unknown as ZodType,
}) as unknown as ReturnType<typeof route<'updateSettings'>>;

export const handler = httpHandler(def, async ({ body }) => {
  const { version: expected, robotHealth, ...rest } = body;
  const settings = { ...rest, robotHealth: robotHealth ?? (await getSettingsRecord()).settings.robotHealth };
  const version = await putSettings(settings, expected);
  if (version === undefined) throw new ConflictError('The settings were changed by someone else since you opened them: reload the page and save again.');
  return { message: MSG.settingsUpdated, _id: SETTINGS_ID, settings, version };
});
