import { route } from '../../shared/routes/mfa';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import type { MfaUser } from './service';

/** My Account › Two-step sign-in: on or off, since when, how many recovery codes are left, and whether the account must keep it (an ADMIN). */
export const handler = httpHandler(route('getMfaStatus'), async ({ auth }) => {
  const user = (await getSessionUser(auth.sub)) as MfaUser | undefined;
  return { totp: { enabled: !!user?.totp, enabledAt: user?.totp?.enabledAt ?? null }, recoveryCodesLeft: user?.totp ? (user.recoveryCodes?.size ?? 0) : 0, required: auth.isAdmin, signInWithPasskey: auth.secondFactorPending === 'passkey' };
});
