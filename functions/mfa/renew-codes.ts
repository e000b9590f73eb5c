import { MFA_MSG as M } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/mfa';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { replaceRecoveryCodes } from './mfa.repo';
import { takeSecondFactor, type MfaUser } from './service';
import { newRecoveryCodes } from './totp';

/** New recovery codes (the old ones stop working), on a current code from the app. */
export const handler = httpHandler(route('renewRecoveryCodes'), async ({ auth, body }) => {
  const user = (await getSessionUser(auth.sub)) as MfaUser | undefined;
  if (!user) throw new NotFoundError('User not found.');
  if (!user.totp) throw new ConflictError(M.notOn);
  if (!(await takeSecondFactor(user, body.code, { recovery: false }))) throw new ValidationError(M.codeInvalid, [{ path: 'code', message: M.codeInvalid }]);
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(user._id, hashes, new Date().toISOString());
  return { message: M.codesRenewed, recoveryCodes: codes };
});
