import { route } from '../../shared/routes';
import { httpHandler } from '../lib/http/handler';
import { getSettings, SETTINGS_ID } from './settings.repo';

export const handler = httpHandler(route('getThresholdSettings'), async () => ({ _id: SETTINGS_ID, settings: await getSettings() }));
