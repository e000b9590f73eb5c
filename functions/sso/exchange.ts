import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime, sessionAnswer } from '../auth';
import { httpHandler, respond } from '../http';
import { UnauthorizedError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { getSessionUser } from '../users';
import { binderHashes, clearBinders } from './binder';
import { takeSsoCode } from './sso.repo';

/**
 * POST /sso/exchange: a finished sign-in's one-time code (taken once, within 60 s) gives the
 * session POST /login gives. The company's provider signed the user in, which counts as the
 * second step (site admins never sign in this way). A change since (deactivated, logged out of
 * all devices: the session version) voids the code. The code is taken only with the binder cookie
 * of the browser that started the sign-in (./binder.ts; the SPA calls this from that browser, same
 * origin), and the answer clears the binder cookies.
 */
export const handler = httpHandler(route('ssoExchange'), async ({ body, event }) => {
  await limitAddress(event);
  const taken = await takeSsoCode(body.code, requestTime(event), binderHashes(event, 'oidc', 'saml'));
  if (taken === 'otherBrowser') logger.warn('sso: code refused', { reason: 'otherBrowser', error: 'the code is of a sign-in this browser did not start (no binder cookie, or another one)' });
  // One message for every refusal: a stranger holding a code learns nothing of it.
  if (typeof taken === 'string') throw new UnauthorizedError(M.codeExpired);
  const user = await getSessionUser(taken.userId);
  if (!user || user.status !== 'active' || (user.sessionVersion ?? 0) !== taken.sv) throw new UnauthorizedError(M.codeExpired);
  return respond(200, await sessionAnswer(user), undefined, clearBinders());
});
