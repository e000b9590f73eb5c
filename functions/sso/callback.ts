import { randomBytes } from 'node:crypto';
import { AuthorizationResponseError, ResponseBodyError } from 'openid-client';
import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime } from '../auth';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { completeSignIn } from './oidc';
import { toLanding, toLogin } from './redirects';
import { SsoRefusal, ssoUser } from './service';
import { getSsoConfig, putSsoCode, takeSsoState } from './sso.repo';
import { binderHashes } from './binder';

/**
 * GET /sso/oidc/callback: the state is taken once, and only by the browser that started the
 * sign-in (a conditional delete on the state's binder hash, ./binder.ts: unknown, expired or
 * reused → refused; another browser's → refused and left to its own browser, so a stranger with
 * the URL cannot spend it), then openid-client redeems the code with the PKCE verifier and checks the
 * response's state and issuer and the ID token (signature, issuer, audience, nonce, expiry). The
 * verified email of one of the brand's domains gives the user (service.ts), and the browser goes
 * to the SPA with a one-time code (SSOCODE, 60 s). Every refusal lands on the login page with its
 * message; no detail of it leaves the log.
 */
export const handler = httpHandler(route('ssoCallback'), async ({ query, event }) => {
  await limitAddress(event);
  const now = requestTime(event);
  const taken = query.state ? await takeSsoState(query.state, now, binderHashes(event, 'oidc')) : 'none';
  if (taken === 'otherBrowser') logger.warn('sso: sign-in refused', { reason: 'otherBrowser', error: 'the state is of a sign-in this browser did not start (no binder cookie, or another one)' });
  if (typeof taken === 'string') return toLogin(taken === 'none' ? 'started' : taken);
  const config = await getSsoConfig(taken.brandId);
  if (!config) return toLogin('notConfigured');
  try {
    // The ID token's time checks follow the request's time (API Gateway's stamp), as the throttles do.
    const claims = await completeSignIn(config, event.rawQueryString ?? '', { state: query.state!, nonce: taken.nonce, verifier: taken.verifier }, (now - Date.now()) / 1000);
    const user = await ssoUser(config, claims);
    const code = randomBytes(32).toString('base64url');
    await putSsoCode(code, user._id, user.sessionVersion ?? 0, taken.binderHash, now);
    return toLanding(code);
  } catch (e) {
    const err = e as Error & { code?: string; error?: string; cause?: unknown };
    const key = e instanceof SsoRefusal ? e.key : e instanceof AuthorizationResponseError ? (err.error === 'access_denied' ? 'providerDenied' : 'providerError') : e instanceof ResponseBodyError || err.code ? 'providerError' : err.name === 'TypeError' || err.name === 'TimeoutError' || err.name === 'AbortError' ? 'unavailable' : undefined;
    logger.warn('sso: sign-in refused', { brand: config.brandId, reason: key ?? 'error', error: err.message, code: err.code ?? err.error });
    if (!key) throw e;
    return toLogin(key);
  }
});
