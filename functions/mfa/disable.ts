import { MFA_MSG as M } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/mfa';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { disableTotp } from './mfa.repo';
import { takeSecondFactor, type MfaUser } from './service';

/** Two-step sign-in off, on a current code or a recovery code (a stolen session alone cannot turn it off). */
export const handler = httpHandler(route('disableTotp'), async ({ auth, body }) => {
  const user = (await getSessionUser(auth.sub)) as MfaUser | undefined;
  if (!user) throw new NotFoundError('User not found.');
  if (!user.totp) throw new ConflictError(M.notOn);
  if (auth.isAdmin) throw new ForbiddenError(M.adminKeepsFactor);
  if (!(await takeSecondFactor(user, body.code, { recovery: true }))) throw new ValidationError(M.codeInvalid, [{ path: 'code', message: M.codeInvalid }]);
  await disableTotp(user._id, new Date().toISOString());
  return { message: M.disabled };
});
