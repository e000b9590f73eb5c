/**
 * Passkeys (issue 26 step 2; ours): the browser's WebAuthn answers as @simplewebauthn/browser
 * sends them (base64url fields), a passkey's name, and the answers. The library checks the
 * answers' contents (functions/passkeys/); these schemas only bound their shape and sizes.
 */
import type { AuthenticationExtensionsClientOutputs, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import * as z from 'zod';
import { PASSKEY, PASSKEY_MSG as M } from '../messages/passkeys';

/** A base64url field of the browser's answer, at most `max` characters. */
const b64url = (max: number, min = 1) => z.string({ error: M.responseInvalid }).min(min, M.responseInvalid).max(max, M.responseInvalid).regex(/^[A-Za-z0-9_-]*$/, M.responseInvalid);

/**
 * A credential id: WebAuthn's are 16 to 1,023 bytes; ours must fit a DynamoDB sort key (1,024
 * bytes), so 22 to 1,000 base64url characters (16 to 750 bytes; authenticators use 16 to 255).
 */
export const credentialId = b64url(1000, 22);

const transports = z.array(z.string().max(32)).max(10).optional();
/** The browser's extension outputs (none asked: passed to the library as sent, a plain object). */
const clientExtensionResults = z.custom<AuthenticationExtensionsClientOutputs>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: M.responseInvalid }).optional().default({});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

export const passkeyName = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(PASSKEY.nameMax, M.nameTooLong);

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const registrationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: M.responseInvalid }),
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(16384),
        authenticatorData: b64url(16384).optional(),
        transports,
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64url(8192).optional(),
      },
      { error: M.responseInvalid },
    ),
    clientExtensionResults,
    authenticatorAttachment,
  },
  { error: M.responseInvalid },
);

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const authenticationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: M.responseInvalid }),
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(16384),
        signature: b64url(2048),
        userHandle: b64url(128, 0).optional(),
      },
      { error: M.responseInvalid },
    ),
    clientExtensionResults,
    authenticatorAttachment,
  },
  { error: M.responseInvalid },
);

/** POST /passkeys/register */
export const registerPasskeyBody = z.strictObject({ name: passkeyName, response: registrationResponse });
/** POST /passkeys/login/options: no input (the sign-in names no account); anything sent is refused. */
export const passkeyLoginOptionsBody = z.strictObject({}, { error: M.optionsNoInput });
/** POST /passkeys/login */
export const passkeyLoginBody = z.strictObject({ response: authenticationResponse });
/** PUT /passkeys/{credentialId} */
export const renamePasskeyBody = z.strictObject({ name: passkeyName });
export const passkeyPath = z.object({ credentialId });

/** The web's form of a new passkey's name. */
export const passkeyNameForm = z.strictObject({ name: passkeyName });

/** One of the user's passkeys as listed (never its key). */
export const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** true: it signs nobody in, the owner's brand signs them in with mandatory single sign-on (issue 36). */
  inactive: z.boolean().optional(),
});
/** GET /passkeys; `inactiveReason`: why they are inactive, when they are. */
export const listPasskeysResponse = z.object({ passkeys: z.array(passkeySummary), max: z.number(), inactiveReason: z.string().optional() });
/** POST /passkeys/register, PUT /passkeys/{credentialId} */
export const passkeyResponse = z.object({ message: z.string(), passkey: passkeySummary });
/** DELETE /passkeys/{credentialId} */
export const passkeyMessageResponse = z.object({ message: z.string() });

const hasChallenge = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { challenge?: unknown }).challenge === 'string';
/** POST /passkeys/register/options: what the browser's navigator.credentials.create() takes, as @simplewebauthn/server makes it. */
export const registrationOptionsResponse = z.custom<PublicKeyCredentialCreationOptionsJSON>((v) => hasChallenge(v) && typeof (v as { rp?: unknown }).rp === 'object');
/** POST /passkeys/login/options: what navigator.credentials.get() takes (no credential named: discoverable ones). */
export const authenticationOptionsResponse = z.custom<PublicKeyCredentialRequestOptionsJSON>((v) => hasChallenge(v) && typeof (v as { rpId?: unknown }).rpId === 'string');

export type PasskeySummary = z.infer<typeof passkeySummary>;
export type RegisterPasskeyBody = z.input<typeof registerPasskeyBody>;
