/** Checking a user's second factor (issue 26): a TOTP code taken once, or an unused recovery code. */
import type { UserRecord } from '../users';
import { takeRecoveryCode, takeStep, type MfaFields } from './mfa.repo';
import { openSecret, recoveryHash, takeTotpCode } from './totp';

export type MfaUser = UserRecord & MfaFields;

/** How the code was right ('totp' or 'recovery', each now used), or undefined (wrong, or already used). */
export async function takeSecondFactor(user: MfaUser, code: string, opts: { recovery: boolean }): Promise<'totp' | 'recovery' | undefined> {
  if (!user.totp) return undefined;
  if (/^\d{6}$/.test(code)) {
    const step = await takeTotpCode(await openSecret(user.totp.sealed), code, user.totp.lastStep);
    return step !== undefined && (await takeStep(user._id, step)) ? 'totp' : undefined;
  }
  if (!opts.recovery) return undefined;
  return (await takeRecoveryCode(user._id, recoveryHash(code))) ? 'recovery' : undefined;
}

/** TOTP on, or at least one passkey (issue 26): one read of the user's item. */
export const hasSecondFactor = (user: MfaUser): boolean => !!user.totp || (user.passkeyCount ?? 0) > 0;
