import { randomBytes } from 'node:crypto';
import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime } from '../auth';
import { httpHandler } from '../http';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { toLanding, toLogin } from './redirects';
import { checkSamlResponse, SamlNoEmailError, SamlRefusedError } from './saml/saml';
import { samlStores } from './saml/saml.repo';
import { SsoRefusal, ssoUser } from './service';
import { getSsoConfig, putSsoCode } from './sso.repo';
import { binderHashes } from './binder';

/** The largest form a SAML answer comes in (a signed assertion is a few KB; certificates and attributes a few more). */
const MAX_FORM_BYTES = 256_000;

/**
 * POST /sso/saml/acs/{brandId}: the brand's identity provider posts its answer here (HTTP-POST
 * binding, a form with SAMLResponse). node-saml checks it (./saml/saml.ts: signature, issuer,
 * audience, time, InResponseTo a request of this brand and of this browser, taken once: ./binder.ts)
 * and the assertion is taken once;
 * the email gives the user as an OIDC sign-in does (the identity provider vouches for it), and the
 * browser goes to the SPA with a one-time code. Every refusal lands on the login page; its reason
 * stays in the log.
 */
export const handler = httpHandler(route('ssoSamlAcs'), async ({ params, event }) => {
  await limitAddress(event);
  const now = requestTime(event);
  const config = await getSsoConfig(params.brandId);
  if (!config || config.protocol !== 'saml' || !config.saml) return toLogin('notConfigured');
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const samlResponse = raw.length <= MAX_FORM_BYTES ? new URLSearchParams(raw).get('SAMLResponse') : null;
  if (!samlResponse) {
    logger.warn('sso: SAML answer without SAMLResponse', { brand: config.brandId, bytes: raw.length });
    return toLogin('providerError');
  }
  // The request is this browser's only (the SAML binder cookie): another's is neither answered nor spent.
  const stores = samlStores(binderHashes(event, 'saml'));
  try {
    const { email } = await checkSamlResponse(env.appUrl, { brandId: config.brandId, idp: config.saml }, stores, samlResponse);
    const user = await ssoUser(config, { sub: email, email, emailVerified: true });
    const code = randomBytes(32).toString('base64url');
    await putSsoCode(code, user._id, user.sessionVersion ?? 0, stores.binderHash!, now);
    return toLanding(code);
  } catch (e) {
    const key = e instanceof SsoRefusal ? e.key : stores.otherBrowser ? 'otherBrowser' : e instanceof SamlNoEmailError || e instanceof SamlRefusedError ? 'providerError' : undefined;
    logger.warn('sso: SAML sign-in refused', { brand: config.brandId, reason: key ?? 'error', error: (e as Error).message });
    if (!key) throw e;
    return toLogin(key);
  }
});
