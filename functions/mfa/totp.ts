/**
 * TOTP (RFC 6238 through otplib: SHA-1, 6 digits, 30 s, what authenticator apps read) and recovery
 * codes (issue 26; docs/decisions/42-enterprise-sign-in.md). The secret is kept sealed
 * (AES-256-GCM, a key derived from the signing secret: functions/lib/jwt.ts `derivedKey('totp-secret')`); the
 * recovery codes only as SHA-256 hashes. A code is taken once: its time step must be after the
 * last one taken (`afterTimeStep`), so a code seen over a shoulder or replayed is refused.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { MFA } from '../../shared/messages/mfa';
import { derivedKey } from '../lib/jwt';

/** One time step either way (30 s): a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (email: string, secret: string): string => generateURI({ issuer: MFA.issuer, label: email, secret });

/** The time step of a right code not taken before (after `lastStep`), else undefined. */
export async function takeTotpCode(secret: string, code: string, lastStep: number | undefined, at = Date.now()): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const out = await verify({ secret, token: code, epoch: Math.floor(at / 1000), epochTolerance: TOLERANCE_SECONDS, ...(lastStep !== undefined ? { afterTimeStep: lastStep } : {}) }).catch(() => undefined);
  // A TOTP check answers the time step of the code (otplib's union type names it for TOTP only).
  return out?.valid ? (out as { timeStep?: number }).timeStep : undefined;
}

/** Ten codes of 10 letters and digits (shown `xxxxx-xxxxx`), and their hashes (what is kept). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: MFA.recoveryCodeCount }, () => {
    const bytes = randomBytes(10);
    const raw = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => recoveryHash(c)) };
}

/** A recovery code's hash, whatever its case, spaces or dash. */
export const recoveryHash = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');

export async function sealSecret(secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await derivedKey('totp-secret'), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export async function openSecret(sealed: string): Promise<string> {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('Not a sealed TOTP secret.');
  const decipher = createDecipheriv('aes-256-gcm', await derivedKey('totp-secret'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
