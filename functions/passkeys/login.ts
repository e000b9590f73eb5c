import { MSG } from '../../shared/messages';
import { PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import { SSO_MSG } from '../../shared/messages/sso';
import { route } from '../../shared/routes/passkeys';
import { deviceCookie, limitAddress, requestTime, sessionAnswer } from '../auth';
import { ForbiddenError, HttpError, UnauthorizedError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { ssoHolding } from '../sso';
import { getSessionUser } from '../users';
import { credentialOwner, getPasskey, takeCounter } from './passkeys.repo';
import { CeremonyRefused, verifyAuthentication } from './webauthn';

/**
 * A passkey sign-in (public; issue 26 step 2). The credential's owner and passkey are read by
 * its id; @simplewebauthn/server checks the assertion with the stored public key against a kept
 * sign-in challenge (taken once, by a conditional delete: a replayed assertion is refused), the
 * app's origin and RP id, user verification required, and the answered user handle must be the
 * passkey's user. The signature counter is then taken forward conditionally (a counter that goes
 * back, or a second use of the same count, is refused). The session is the one POST /login
 * answers (with the known-device cookie), and the passkey is the second factor too: no code step
 * follows. A deleted user's passkey is refused, and so is a deactivated one's; a passkey made
 * before "Log out of all devices" still signs in (it is a credential, not a session). A person held by
 * their brand's mandatory single sign-on (its own brand's domain, not an ADMIN) is refused: 403
 * SSO_REQUIRED (issue 36).
 */
export const handler = httpHandler(route('loginPasskey'), async ({ body, event }) => {
  await limitAddress(event);
  const now = requestTime(event);
  const credentialId = body.response.id;
  const owner = await credentialOwner(credentialId);
  const passkey = owner ? await getPasskey(owner, credentialId) : undefined;
  if (!owner || !passkey) throw new UnauthorizedError(M.signInFailed);
  let counter: number;
  try {
    counter = await verifyAuthentication(passkey, body.response, now);
  } catch (e) {
    if (e instanceof CeremonyRefused) throw new UnauthorizedError(e.reason === 'challenge' ? M.challengeExpired : M.signInFailed);
    throw e;
  }
  if (!(await takeCounter(owner, credentialId, counter, new Date(now).toISOString()))) throw new UnauthorizedError(M.signInFailed);
  const user = await getSessionUser(owner);
  if (!user) throw new UnauthorizedError(M.signInFailed);
  if (user.status !== 'active') throw new ForbiddenError(MSG.notActivated);
  // A person their brand's mandatory single sign-on holds signs in at the company only (issue 36): removed there, they are out here too.
  const sso = await ssoHolding(user);
  if (sso) throw new HttpError(403, SSO_MSG.passkeyRefused(sso.label), 'SSO_REQUIRED');
  return respond(200, await sessionAnswer(user, { mfa: true }), undefined, [await deviceCookie(user.email)]);
});
