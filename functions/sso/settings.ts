/** The brand's single sign-on settings as GET and PUT /sso/{brandId} answer them (never the secret). */
import { X509Certificate } from 'node:crypto';
import { env } from '../lib/env';
import { redirectUri } from './oidc';
import { serviceProvider } from './saml/service-provider';
import type { SsoConfig } from './sso.repo';

/**
 * The last day (YYYY-MM-DD, UTC) any of these signing certificates (base64 DER) is valid: the
 * brand's admin is told ahead of its expiry, when the provider will rotate it and sign-ins stop
 * until its new metadata is pasted. null when none can be read.
 */
export function certsValidUntil(certs: readonly string[]): string | null {
  let last: number | null = null;
  for (const c of certs) {
    try {
      const until = Date.parse(new X509Certificate(Buffer.from(c, 'base64')).validTo);
      if (Number.isFinite(until) && (last === null || until > last)) last = until;
    } catch {
      // not a certificate node-saml could use either: not counted
    }
  }
  return last === null ? null : new Date(last).toISOString().slice(0, 10);
}

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
