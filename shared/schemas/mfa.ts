/** Two-step sign-in (issue 26; ours): TOTP and recovery codes. */
import * as z from 'zod';
import { MFA_MSG as M } from '../messages/mfa';
import { loginResponse } from './auth';

/** A code as typed: 6 digits (spaces allowed), or a recovery code `xxxxx-xxxxx` (case and dash free). */
export const mfaCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(32, M.codeInvalid)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .refine((v) => /^\d{6}$/.test(v) || /^[a-z0-9]{10}$/.test(v), M.codeInvalid);

/** POST /mfa/totp/confirm, /mfa/totp/disable, /mfa/recoveryCodes: a current code (disable and renew also take a recovery code). */
export const mfaCodeBody = z.strictObject({ code: mfaCode });
/** POST /login/mfa */
export const loginMfaBody = z.strictObject({ mfaToken: z.string({ error: M.challengeExpired }).min(1, M.challengeExpired).max(2048, M.challengeExpired), code: mfaCode });

/** GET /mfa */
export const mfaStatusResponse = z.object({ totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }), recoveryCodesLeft: z.number(), required: z.boolean(), signInWithPasskey: z.boolean() });
/** POST /mfa/totp/setup: the secret (base32) and its otpauth:// URL (the QR code's text). */
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
/** POST /mfa/totp/confirm and /mfa/recoveryCodes: the recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export const mfaMessageResponse = z.object({ message: z.string() });

/** POST /login when a second step is needed: no session yet, a short-lived challenge for POST /login/mfa. */
export const mfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string(), expiresAt: z.string(), message: z.string() });
/** POST /login: a session, or the challenge of the second step. */
export const loginOrChallengeResponse = z.union([loginResponse, mfaChallenge]);

/** The web's forms of one code field (the login's second step, the security settings): what mfaCodeBody checks. */
export const mfaCodeForm = mfaCodeBody;
export type LoginMfaBody = z.input<typeof loginMfaBody>;
