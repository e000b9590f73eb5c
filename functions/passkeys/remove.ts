import { PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import { route } from '../../shared/routes/passkeys';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { removePasskey } from './passkeys.repo';

/**
 * Remove one of the signed-in user's own passkeys: the passkey, its credential id's owner and 1
 * from the user's count, in one transaction keyed by the caller's id (another user's passkey id:
 * 404, as an unknown one). It no longer signs in from the next request on.
 */
export const handler = httpHandler(route('deletePasskey'), async ({ auth, params }) => {
  if (!(await removePasskey(auth.sub, params.credentialId))) throw new NotFoundError(M.notFound);
  return { message: M.removed };
});
