import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../http';
import { listRoles } from './roles.repo';

export const handler = httpHandler(route('listRoles'), async () => ({ data: await listRoles() }));
