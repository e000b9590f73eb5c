/**
 * The WebAuthn ceremonies through @simplewebauthn/server (decision 42: no protocol code of ours):
 * the relying party is the app's address (APP_URL: its host name the RP id, its origin the one
 * origin accepted), user verification is required, and every challenge is kept server-side and
 * taken once (./passkeys.repo.ts) from inside the library's check of the client data.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { PASSKEY } from '../../shared/messages/passkeys';
import { env } from '../lib/env';
import { putChallenge, takeChallenge, type ChallengePurpose, type PasskeyRecord } from './passkeys.repo';

const TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
/** The transports WebAuthn names (a newer browser's other words are dropped). */
const knownTransports = (list: readonly string[] | undefined): string[] => (list ?? []).filter((t) => TRANSPORTS.includes(t));

/** The relying party: the app's host name and origin (http://localhost:<port> locally, the distribution's https address in AWS). */
export function relyingParty(): { id: string; origin: string } {
  const url = new URL(env.appUrl);
  return { id: url.hostname, origin: url.origin };
}

/** The user handle of a user's passkeys: the user id's bytes (a discoverable sign-in answers it back). */
export const userHandle = (userId: string): string => Buffer.from(userId, 'utf8').toString('base64url');

/** Why a ceremony was refused: the challenge (unknown, used, another user's, expired) or the answer itself. */
export class CeremonyRefused extends Error {
  constructor(readonly reason: 'challenge' | 'answer') {
    super(reason);
  }
}

/** A challenge taker for the library: remembers whether the challenge was the reason of a refusal. */
function challengeTaker(purpose: ChallengePurpose, userId: string | undefined, now: number) {
  const state = { refused: false };
  return {
    state,
    take: async (challenge: string) => {
      const ok = await takeChallenge(challenge, purpose, userId, now);
      if (!ok) state.refused = true;
      return ok;
    },
  };
}

export async function registrationOptions(user: { _id: string; email: string; name?: string }, existing: readonly PasskeyRecord[], now: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: PASSKEY.rpName,
    rpID: relyingParty().id,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: Buffer.from(user._id, 'utf8'),
    timeout: PASSKEY.challengeMinutes * 60_000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: knownTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await putChallenge(options.challenge, 'register', user._id, now, PASSKEY.challengeMinutes * 60);
  return options;
}

/** Check a registration answer against the user's kept challenge; the new credential. */
export async function verifyRegistration(userId: string, response: RegistrationResponseJSON, now: number): Promise<NonNullable<VerifiedRegistrationResponse['registrationInfo']>> {
  const rp = relyingParty();
  const taker = challengeTaker('register', userId, now);
  let out: VerifiedRegistrationResponse;
  try {
    out = await verifyRegistrationResponse({ response, expectedChallenge: taker.take, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });
  } catch {
    throw new CeremonyRefused(taker.state.refused ? 'challenge' : 'answer');
  }
  if (!out.verified || !out.registrationInfo.userVerified) throw new CeremonyRefused('answer');
  return out.registrationInfo;
}

export async function authenticationOptions(now: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // Discoverable credentials: no allowCredentials, the authenticator offers the account's passkeys.
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: 'required', timeout: PASSKEY.challengeMinutes * 60_000 });
  await putChallenge(options.challenge, 'login', undefined, now, PASSKEY.challengeMinutes * 60);
  return options;
}

/** Check a sign-in answer with the stored passkey against a kept sign-in challenge; the new counter. */
export async function verifyAuthentication(passkey: PasskeyRecord, response: AuthenticationResponseJSON, now: number): Promise<number> {
  const rp = relyingParty();
  // A discoverable credential answers its user handle: it must be the passkey's user.
  if (response.response.userHandle !== userHandle(passkey.userId)) throw new CeremonyRefused('answer');
  const taker = challengeTaker('login', undefined, now);
  try {
    const out = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taker.take,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: knownTransports(passkey.transports) },
    });
    if (!out.verified || !out.authenticationInfo.userVerified) throw new CeremonyRefused('answer');
    return out.authenticationInfo.newCounter;
  } catch (e) {
    if (e instanceof CeremonyRefused) throw e;
    throw new CeremonyRefused(taker.state.refused ? 'challenge' : 'answer');
  }
}

export { knownTransports };
