import { PASSKEY, PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import { route } from '../../shared/routes/passkeys';
import { requestTime } from '../auth';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { listPasskeys } from './passkeys.repo';
import { registrationOptions } from './webauthn';

/**
 * The options of a new passkey for the signed-in user (issue 26 step 2): a challenge kept for this
 * user (PASSKEY.challengeMinutes, taken once by POST /passkeys/register), a discoverable
 * credential with user verification required, the user's passkeys excluded (one per
 * authenticator), none past PASSKEY.maxPerUser.
 */
export const handler = httpHandler(route('passkeyRegisterOptions'), async ({ auth, event }) => {
  const user = await getSessionUser(auth.sub);
  if (!user) throw new NotFoundError('User not found.');
  const existing = await listPasskeys(user._id);
  if (existing.length >= PASSKEY.maxPerUser) throw new ConflictError(M.tooMany);
  return registrationOptions(user, existing, requestTime(event));
});
