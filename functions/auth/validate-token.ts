import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { HttpError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { hashLinkToken } from '../lib/password';
import { getValidLinkToken } from './tokens.repo';

export const handler = httpHandler(route('validateToken'), async ({ query }) => {
  const token = await getValidLinkToken(hashLinkToken(query.token));
  if (!token) throw new HttpError(410, MSG.linkExpired, 'LINK_EXPIRED');
  return { valid: true, kind: token.kind };
});
