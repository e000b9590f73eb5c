import { PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import { route } from '../../shared/routes/passkeys';
import { requestTime } from '../auth';
import { ValidationError, ConflictError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { addPasskey, PasskeyWriteRefused, type PasskeyRecord } from './passkeys.repo';
import { toSummary } from './present';
import { CeremonyRefused, knownTransports, verifyRegistration } from './webauthn';

/**
 * A new passkey of the signed-in user (issue 26 step 2): the browser's answer is checked by
 * @simplewebauthn/server against the challenge kept for this user (taken once: a replay or
 * another user's challenge is refused), the app's origin and RP id, with user verification
 * required; then the passkey, its credential id's owner and the user's count are written in one
 * transaction (a credential id is one account's; at most PASSKEY.maxPerUser).
 */
export const handler = httpHandler(route('registerPasskey'), async ({ auth, body, event }) => {
  const now = requestTime(event);
  let info;
  try {
    info = await verifyRegistration(auth.sub, body.response, now);
  } catch (e) {
    if (e instanceof CeremonyRefused) throw new ValidationError(e.reason === 'challenge' ? M.challengeExpired : M.registerFailed);
    throw e;
  }
  const { credential } = info;
  const passkey: PasskeyRecord = {
    userId: auth.sub,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: knownTransports(body.response.response.transports),
    name: body.name,
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
  try {
    await addPasskey(passkey);
  } catch (e) {
    if (e instanceof PasskeyWriteRefused) throw new ConflictError(e.reason === 'full' ? M.tooMany : M.alreadyAdded);
    throw e;
  }
  return { message: M.added, passkey: toSummary(passkey) };
});
