import { AUTH } from '../../shared/constants';
import { env } from '../lib/env';
import { newLinkToken } from '../lib/password';
import { putLinkToken, type LinkKind } from './tokens.repo';

/** Create a single-use, expiring link token and return the web address that carries it. */
export async function createLink(userId: string, kind: LinkKind): Promise<string> {
  const { token, hash } = newLinkToken();
  const ttlSeconds = kind === 'reset' ? AUTH.resetTokenMinutes * 60 : AUTH.activationTokenHours * 3600;
  await putLinkToken({ hash, userId, kind, expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds });
  const page = kind === 'reset' ? 'reset-password' : 'activate-account';
  return `${env.appUrl}/${page}?token=${encodeURIComponent(token)}`;
}
