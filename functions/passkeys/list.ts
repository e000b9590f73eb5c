import { PASSKEY } from '../../shared/messages/passkeys';
import { SSO_MSG } from '../../shared/messages/sso';
import { route } from '../../shared/routes/passkeys';
import { httpHandler } from '../http';
import { ssoHolding } from '../sso';
import { getUser } from '../users';
import { listPasskeys } from './passkeys.repo';
import { toSummary } from './present';

/**
 * The signed-in user's passkeys, oldest first (name, added, last used): My Account › Passkeys. A
 * person their brand's mandatory single sign-on holds sees them as inactive, with the reason
 * (POST /passkeys/login refuses them: issue 36).
 */
export const handler = httpHandler(route('listPasskeys'), async ({ auth }) => {
  const [passkeys, user] = await Promise.all([listPasskeys(auth.sub), getUser(auth.sub)]);
  const sso = user ? await ssoHolding(user) : undefined;
  return {
    passkeys: passkeys.map((p) => ({ ...toSummary(p), ...(sso ? { inactive: true } : {}) })),
    max: PASSKEY.maxPerUser,
    ...(sso ? { inactiveReason: SSO_MSG.passkeysInactive(sso.label) } : {}),
  };
});
