import { route } from '../../shared/routes/b2b';
import { httpHandler } from '../http';
import { revoke } from './links';

/** Revokes a B2B portal link at once (an open portal session ends on its next request). */
export const handler = httpHandler(route('revokeB2bLink'), async ({ params, query, auth }) => revoke(auth, params.id, query));
