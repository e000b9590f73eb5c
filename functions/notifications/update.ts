import { SETTINGS_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/notifications';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { setSeen } from './notifications.repo';

export const handler = httpHandler(route('updateNotification'), async ({ params, body }) => {
  const n = await setSeen(params.id, body.seenFlag);
  if (!n) throw new NotFoundError(SETTINGS_MSG.notificationNotFound);
  return { data: n };
});
