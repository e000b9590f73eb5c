import { MFA_MSG as M } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/mfa';
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { putPendingTotp } from './mfa.repo';
import type { MfaUser } from './service';
import { newTotpSecret, otpauthUrl, sealSecret } from './totp';

/** A new secret for the caller's authenticator app, waiting for its first code (POST /mfa/totp/confirm); a new setup replaces a pending one. */
export const handler = httpHandler(route('setupTotp'), async ({ auth }) => {
  const user = (await getSessionUser(auth.sub)) as MfaUser | undefined;
  if (!user) throw new NotFoundError('User not found.');
  if (user.totp) throw new ConflictError(M.alreadyOn);
  const secret = newTotpSecret();
  if (!(await putPendingTotp(user._id, await sealSecret(secret), new Date().toISOString()))) throw new ConflictError(M.alreadyOn);
  return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
});
