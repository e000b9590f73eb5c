import { PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import { route } from '../../shared/routes/passkeys';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { renamePasskey } from './passkeys.repo';
import { toSummary } from './present';

/** Rename one of the signed-in user's own passkeys (another's id: 404, as an unknown one). */
export const handler = httpHandler(route('renamePasskey'), async ({ auth, params, body }) => {
  const after = await renamePasskey(auth.sub, params.credentialId, body.name);
  if (!after) throw new NotFoundError(M.notFound);
  return { message: M.renamed, passkey: toSummary(after) };
});
