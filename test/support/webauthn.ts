/**
 * A software authenticator for the passkey tests (issue 26 step 2): what a platform authenticator
 * answers to navigator.credentials.create() / get(), built with node:crypto (ES256 keys, the
 * WebAuthn byte layouts) and the CBOR encoder @simplewebauthn/server ships (its helpers). Its
 * answers are honest ones, so each test's tampering (another origin or RP id, no user
 * verification, a counter gone back, a replayed answer) is the only thing wrong with them.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  /** The user handle it was made for (base64url, as the options' user.id). */
  userHandle: string;
  counter: number;
}

/** What a test may change of an answer (defaults: the stack's origin and RP id, verified, counter + 1). */
export interface Tamper {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  counter?: number;
  userHandle?: string;
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, t: Tamper): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: t.challenge ?? challenge, origin: t.origin ?? this.origin, crossOrigin: false }));
  }

  /** A new discoverable ES256 credential for the options' user ('none' attestation, as a platform authenticator gives it). */
  register(options: PublicKeyCredentialCreationOptionsJSON, t: Tamper = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const cred: SoftCredential = { id: b64url(id), privateKey, userHandle: options.user.id, counter: t.counter ?? 0 };
    const authData = Buffer.concat([
      sha256(t.rpId ?? this.rpId),
      Buffer.from([UP | (t.userVerified === false ? 0 : UV) | AT]),
      u32(cred.counter),
      Buffer.alloc(16), // aaguid
      Buffer.from([0, id.length]),
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(cred);
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, t)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** An assertion of one of its credentials (the newest unless named) over the options' challenge; the counter moves forward by 1 unless told. */
  assert(options: PublicKeyCredentialRequestOptionsJSON, t: Tamper & { credential?: SoftCredential } = {}): AuthenticationResponseJSON {
    const cred = t.credential ?? this.credentials.at(-1);
    if (!cred) throw new Error('no credential to sign in with');
    const counter = t.counter ?? cred.counter + 1;
    cred.counter = Math.max(cred.counter, counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, t);
    const authData = Buffer.concat([sha256(t.rpId ?? options.rpId ?? this.rpId), Buffer.from([UP | (t.userVerified === false ? 0 : UV)]), u32(counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.privateKey);
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: t.userHandle ?? cred.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
