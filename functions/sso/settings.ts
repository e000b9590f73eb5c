/** The brand's single sign-on settings as GET and PUT /sso/{brandId} answer them (never the secret). */
import { env } from '../lib/env';
import { redirectUri } from './oidc';
import { certsValidUntil } from './saml/metadata';
import { serviceProvider } from './saml/service-provider';
import type { SsoConfig } from './sso.repo';

export function settingsAnswer(config: SsoConfig | undefined, brandId: string, message?: string) {
  return {
    configured: Boolean(config),
    protocol: config?.protocol ?? 'oidc',
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecretSet: config?.protocol === 'oidc' && config.clientSecretSet === true,
    domains: config?.domains ?? [],
    jit: config?.jit ?? 'refuse',
    mandatory: config?.mandatory ?? false,
    redirectUri: redirectUri(),
    samlServiceProvider: serviceProvider(env.appUrl, brandId),
    samlIdp: config?.saml ? { entityId: config.saml.entityId, ssoUrl: config.saml.ssoUrl, certificates: config.saml.certs.length, validUntil: certsValidUntil(config.saml.certs) } : null,
    ...(message ? { message } : {}),
  };
}
