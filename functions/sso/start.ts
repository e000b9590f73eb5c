import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime } from '../auth';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { ssoForEmail } from './domains';
import { authorizationRequest } from './oidc';
import { toLogin, toProvider } from './redirects';
import { putSsoState } from './sso.repo';
import { env } from '../lib/env';
import { samlSignInUrl } from './saml/saml';
import { samlStores } from './saml/saml.repo';
import { newBinder } from './binder';

/**
 * GET /sso/start?email=: the brand of the email's domain, a fresh state, nonce and PKCE verifier
 * kept as SSOSTATE#<state> (10 minutes), and 302 to the brand's provider; a SAML brand's
 * AuthnRequest instead (its id kept as SAMLREQ for the answer: ./saml/saml.ts). Either keeps the
 * hash of a fresh binder, whose cookie the browser gets here (./binder.ts): only this browser can
 * finish the sign-in.
 */
export const handler = httpHandler(route('ssoStart'), async ({ query, event }) => {
  await limitAddress(event);
  const sso = await ssoForEmail(query.email);
  if (!sso) return toLogin('notConfigured');
  if (sso.config.protocol === 'saml' && sso.config.saml) {
    // SAML: an AuthnRequest of the brand's service provider; its id is kept for the answer (./saml/saml.repo.ts).
    const binder = newBinder('saml');
    return toProvider(await samlSignInUrl(env.appUrl, { brandId: sso.config.brandId, idp: sso.config.saml }, samlStores([binder.hash]), ''), [binder.cookie]);
  }
  let started;
  try {
    started = await authorizationRequest(sso.config, query.email.toLowerCase());
  } catch (e) {
    logger.warn('sso: provider discovery failed', { brand: sso.config.brandId, issuer: sso.config.issuer, error: String((e as Error).message) });
    return toLogin('unavailable');
  }
  const binder = newBinder('oidc');
  await putSsoState(started.state, { brandId: sso.config.brandId, nonce: started.nonce, verifier: started.verifier, binderHash: binder.hash }, requestTime(event));
  return toProvider(started.url, [binder.cookie]);
});
