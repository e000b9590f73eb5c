/** Roles (000 §3, §9). */
import * as z from 'zod';
import { ROLE_NAMES } from '../constants';

export const role = z.object({ _id: z.string(), name: z.enum(ROLE_NAMES) });
/** GET /roles: the three roles. */
export const listRolesResponse = z.object({ data: z.array(role) });
