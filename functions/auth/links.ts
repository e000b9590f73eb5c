import { AUTH } from '../../shared/constants';
import { env } from '../lib/env';
import { newLinkToken } from '../lib/password';
import { putEmailChange, putLinkToken, type LinkKind } from './tokens.repo';

/** Create a single-use, expiring link token and return the web address that carries it. */
export async function createLink(userId: string, kind: LinkKind): Promise<string> {
  const { token, hash } = newLinkToken();
  const ttlSeconds = kind === 'reset' ? AUTH.resetTokenMinutes * 60 : AUTH.activationTokenHours * 3600;
  await putLinkToken({ hash, userId, kind, expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds });
  const page = kind === 'reset' ? 'reset-password' : 'activate-account';
  return `${env.appUrl}/${page}?token=${encodeURIComponent(token)}`;
}

/**
 * A My Account email change's link (issue 36): the single-use token's hash kept with the user,
 * the address asked for and the one it replaces (AUTH.emailChangeTokenHours); the web address
 * that carries it, for the new address's mailbox. `now`: the request's time (ms).
 */
export async function createEmailChangeLink(userId: string, oldEmail: string, newEmail: string, now: number): Promise<string> {
  const { token, hash } = newLinkToken();
  await putEmailChange(hash, { userId, oldEmail, newEmail, expiresAt: Math.floor(now / 1000) + AUTH.emailChangeTokenHours * 3600 });
  return `${env.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}
