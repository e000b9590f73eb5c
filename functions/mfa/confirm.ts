import { MFA_MSG as M } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/mfa';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { enableTotp } from './mfa.repo';
import type { MfaUser } from './service';
import { newRecoveryCodes, openSecret, takeTotpCode } from './totp';

/** The first code from the app turns two-step sign-in on; the recovery codes are answered this once. */
export const handler = httpHandler(route('confirmTotp'), async ({ auth, body }) => {
  const user = (await getSessionUser(auth.sub)) as MfaUser | undefined;
  if (!user) throw new NotFoundError('User not found.');
  if (user.totp) throw new ConflictError(M.alreadyOn);
  if (!user.totpPending) throw new ConflictError(M.setupFirst);
  const step = await takeTotpCode(await openSecret(user.totpPending.sealed), body.code, undefined);
  if (step === undefined) throw new ValidationError(M.codeInvalid, [{ path: 'code', message: M.codeInvalid }]);
  const { codes, hashes } = newRecoveryCodes();
  // Conditioned on the pending secret the code was checked with: two confirmations at once turn it on once.
  if (!(await enableTotp(user._id, user.totpPending.sealed, step, hashes, new Date().toISOString()))) throw new ConflictError(M.alreadyOn);
  return { message: M.enabled, recoveryCodes: codes };
});
