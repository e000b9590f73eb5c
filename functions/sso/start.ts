import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime } from '../auth';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { ssoForEmail } from './domains';
import { authorizationRequest } from './oidc';
import { toLogin, toProvider } from './redirects';
import { putSsoState } from './sso.repo';

/**
 * GET /sso/start?email=: the brand of the email's domain, a fresh state, nonce and PKCE verifier
 * kept as SSOSTATE#<state> (10 minutes), and 302 to the brand's provider.
 */
export const handler = httpHandler(route('ssoStart'), async ({ query, event }) => {
  await limitAddress(event);
  const sso = await ssoForEmail(query.email);
  if (!sso) return toLogin('notConfigured');
  let started;
  try {
    started = await authorizationRequest(sso.config, query.email.toLowerCase());
  } catch (e) {
    logger.warn('sso: provider discovery failed', { brand: sso.config.brandId, issuer: sso.config.issuer, error: String((e as Error).message) });
    return toLogin('unavailable');
  }
  await putSsoState(started.state, { brandId: sso.config.brandId, nonce: started.nonce, verifier: started.verifier }, requestTime(event));
  return toProvider(started.url);
});
