import { route } from '../../shared/routes/brand-retailers';
import { httpHandler } from '../http';
import { assignedReps } from '../retailers';

/** The brand's assigned reps (ADMIN and BRAND_ADMIN only, 000 §6). */
export const handler = httpHandler(route('getAssignedReps'), async ({ query, auth }) => assignedReps(auth, query.brand));
